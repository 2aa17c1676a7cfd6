/**
 * Every PDF the product prints (chat exports, encounter exports, fax cover
 * pages, documents) comes from here: pdf-lib with fontkit and the DejaVu Sans
 * TrueType fonts (the `dejavu-fonts-ttf` package), embedded as subsets, so any
 * text DejaVu covers — accents, Polish, Greek, Cyrillic — prints as written.
 * US Letter pages; lines wrap at spaces by measured width (a word longer than
 * the line is cut) and flow onto new pages. See edge/docs/pdf.md.
 */
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";

export type PdfTextLine = { text: string; bold?: boolean };
/** An image on its own line (a doctor's signature), at most `height` points high and the text's width. */
export type PdfImageLine = { image: Uint8Array; contentType: string; height: number };
export type PdfLine = PdfTextLine | PdfImageLine;
export type PdfInfo = { title?: string; subject?: string };

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const BODY_SIZE = 10;
const HEADING_SIZE = 12;
const LEADING = 1.35;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

type Fonts = { regular: Uint8Array; bold: Uint8Array };
let fontBytes: Promise<Fonts> | null = null;

/** Read once per process, on the first PDF (never at import). */
function loadFonts(): Promise<Fonts> {
  fontBytes ??= (async () => {
    const dir = new URL("../../../node_modules/dejavu-fonts-ttf/ttf/", import.meta.url);
    const [regular, bold] = await Promise.all([
      Deno.readFile(new URL("DejaVuSans.ttf", dir)),
      Deno.readFile(new URL("DejaVuSans-Bold.ttf", dir)),
    ]);
    return { regular, bold };
  })();
  fontBytes.catch(() => (fontBytes = null));
  return fontBytes;
}

/** Tabs become spaces; other control characters (a NUL, a bell) are dropped: they have no glyph. */
export function printable(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replaceAll("\t", "    ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/** Splits one line (no line breaks) into pieces that fit, at spaces where it can; a word too long is cut. */
export function wrapLine(text: string, fits: (s: string) => boolean): string[] {
  if (fits(text)) return [text];
  const out: string[] = [];
  let current: string | null = null;
  for (const word of text.split(" ")) {
    const candidate: string = current === null ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== null) out.push(current);
    let piece = word;
    while (!fits(piece)) {
      // The longest prefix that fits (by code points, so a surrogate pair is never split), at least one.
      const chars = [...piece];
      let lo = 1, hi = chars.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(chars.slice(0, mid).join(""))) lo = mid;
        else hi = mid - 1;
      }
      out.push(chars.slice(0, lo).join(""));
      piece = chars.slice(lo).join("");
    }
    current = piece;
  }
  out.push(current ?? "");
  return out;
}

/** The lines as a PDF's bytes. */
export async function createPdf(lines: readonly PdfLine[], info: PdfInfo = {}): Promise<Uint8Array> {
  const { regular, bold } = await loadFonts();
  const doc = await PDFDocument.create();
  // A fresh parse per document: a parsed fontkit font shared between documents broke later subsets (glyphs lost).
  doc.registerFontkit(fontkit);
  const fonts: Record<"body" | "heading", PDFFont> = {
    body: await doc.embedFont(regular, { subset: true }),
    heading: await doc.embedFont(bold, { subset: true }),
  };
  doc.setTitle(info.title ?? "");
  if (info.subject) doc.setSubject(info.subject);
  doc.setProducer("DPC Telehealth");
  doc.setCreator("DPC Telehealth");

  let page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    if ("image" in line) {
      // An image whose bytes pass the type check but do not decode is left out, never a failed document.
      const image = await (line.contentType === "image/png" ? doc.embedPng(line.image) : doc.embedJpg(line.image)).catch(() => null);
      if (!image) continue;
      const scale = Math.min(line.height / image.height, TEXT_WIDTH / image.width, 1);
      const { width, height } = image.scale(scale);
      if (y - height < MARGIN) {
        page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= height;
      page.drawImage(image, { x: MARGIN, y, width, height });
      y -= BODY_SIZE * (LEADING - 1);
      continue;
    }
    const font = line.bold ? fonts.heading : fonts.body;
    const size = line.bold ? HEADING_SIZE : BODY_SIZE;
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= TEXT_WIDTH;
    // A line's own line breaks (a note's list items, a message's paragraphs) start new lines.
    for (const part of line.text.split(/\r?\n/)) {
      for (const piece of wrapLine(printable(part), fits)) {
        if (y - size < MARGIN) {
          page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
          y = PAGE_HEIGHT - MARGIN;
        }
        y -= size;
        if (piece.trim() !== "") page.drawText(piece, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
        y -= size * (LEADING - 1);
      }
    }
  }
  return await doc.save();
}

/** One PDF made of the pages of several, in order (a fax: its cover page, then the document). */
export async function concatPdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part, { ignoreEncryption: true });
    for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  }
  out.setProducer("DPC Telehealth");
  return await out.save();
}

/** Whether the bytes are a PDF pdf-lib can read, with at least one page (a file can start with %PDF and be damaged). */
export async function isReadablePdf(bytes: Uint8Array): Promise<boolean> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true })).getPageCount() > 0;
  } catch {
    return false;
  }
}

/** The number of pages of a PDF. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { ignoreEncryption: true })).getPageCount();
}
