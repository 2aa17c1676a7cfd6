/**
 * A small PDF 1.4 writer for text documents (chat exports): US Letter pages,
 * the standard Courier (body, fixed width so wrapping is exact) and
 * Helvetica-Bold (headings) fonts, uncompressed content streams. No native
 * code, no dependencies. The standard fonts speak WinAnsi, so characters
 * outside Latin-1 are replaced (typographic quotes and dashes by their ASCII
 * look-alikes, anything else by "?").
 */

export type PdfLine = { text: string; bold?: boolean };

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const BODY_SIZE = 9;
const HEADING_SIZE = 11;
const LEADING = 12;
/** Courier advances 0.6 em per character. */
const BODY_COLUMNS = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (BODY_SIZE * 0.6));
/** Helvetica-Bold is narrower than 0.72 em per character on average: a safe bound. */
const HEADING_COLUMNS = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (HEADING_SIZE * 0.72));
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);

const LOOK_ALIKES: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u00a0": " ",
  "\u2022": "*",
};

/** Text as single-byte WinAnsi-safe characters. */
export function toLatin1(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (LOOK_ALIKES[ch]) out += LOOK_ALIKES[ch];
    else if (ch === "\t") out += "    ";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0xff) out += "?";
    else out += ch;
  }
  return out;
}

/** Splits a line into pieces of at most `columns` characters, at spaces where it can. */
export function wrap(text: string, columns: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let rest = paragraph;
    while (rest.length > columns) {
      const cut = rest.lastIndexOf(" ", columns);
      const at = cut > columns / 3 ? cut : columns;
      out.push(rest.slice(0, at));
      rest = rest.slice(at).replace(/^ /, "");
    }
    out.push(rest);
  }
  return out;
}

const escape = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`);

/** The document's bytes. */
export function createPdf(lines: readonly PdfLine[], info: { title?: string } = {}): Uint8Array {
  // A line's own line breaks (a note's list items, a message's paragraphs) start new lines; toLatin1 would make them "?".
  const laidOut: PdfLine[] = lines.flatMap((line) =>
    line.text.split(/\r?\n/).flatMap((part) =>
      wrap(toLatin1(part), line.bold ? HEADING_COLUMNS : BODY_COLUMNS).map((text) => ({ text, bold: line.bold }))
    )
  );
  const pages: PdfLine[][] = [];
  for (let i = 0; i < Math.max(laidOut.length, 1); i += LINES_PER_PAGE) pages.push(laidOut.slice(i, i + LINES_PER_PAGE));

  // Objects: 1 catalog, 2 pages, 3 body font, 4 heading font, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title (${escape(toLatin1(info.title ?? ""))}) /Producer (DPC Telehealth) >>`;
  pages.forEach((page, i) => {
    const ops = [`BT ${LEADING} TL ${MARGIN} ${PAGE_HEIGHT - MARGIN - HEADING_SIZE} Td`];
    let font = "";
    for (const line of page) {
      const wanted = line.bold ? `/F2 ${HEADING_SIZE} Tf` : `/F1 ${BODY_SIZE} Tf`;
      if (wanted !== font) ops.push(font = wanted);
      ops.push(`(${escape(line.text)}) Tj T*`);
    }
    ops.push("ET");
    const stream = ops.join("\n");
    objects[pageIds[i]] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  // Every character is one byte (Latin-1), so string lengths are byte offsets.
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (ch) => ch.charCodeAt(0));
}
