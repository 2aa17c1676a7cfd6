/**
 * A note's document shape and its plain text. Each field of the note type is
 * a root `Y.XmlFragment` named after the field, in the shape of Tiptap's
 * Collaboration extension (`field: <name>`, y-prosemirror): block elements
 * (`paragraph`, `heading`, `bulletList` > `listItem` > `paragraph`,
 * `orderedList`, `blockquote`, `codeBlock`) holding `Y.XmlText`, with inline
 * nodes such as `hardBreak` beside the text. A root `Y.Text` of that name is
 * read too, for plain-text clients. The plain text goes into
 * `encounter_notes.fields` so PDFs, exports and the patient's offline view
 * see it: each block on its own line(s), list items as "- " or "1. " with
 * nested content indented under them, a hard break as a new line.
 */
import * as Y from "yjs";

/** Elements whose content is a list of items: their marker for item `index`. */
const LIST_MARKERS: Record<string, (element: Y.XmlElement, index: number) => string> = {
  bulletlist: () => "- ",
  orderedlist: (element, index) => `${startOf(element) + index}. `,
};
/** Inline nodes that are a line break; other inline nodes (images, mentions) have no text. */
const LINE_BREAKS = new Set(["hardbreak"]);
const RULES = new Set(["horizontalrule"]);

function startOf(list: Y.XmlElement): number {
  const start = Number(list.getAttribute("start") ?? 1);
  return Number.isInteger(start) ? start : 1;
}

const kind = (element: Y.XmlElement) => element.nodeName.toLowerCase();

function deltaText(text: Y.XmlText): string {
  return text.toDelta().map((d: { insert?: unknown }) => typeof d.insert === "string" ? d.insert : "").join("");
}

/** A textblock's content (paragraph, heading, code block): its text runs, a hard break as "\n". */
function inlineText(element: Y.XmlElement): string {
  let out = "";
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) out += deltaText(child);
    else if (child instanceof Y.XmlElement) out += LINE_BREAKS.has(kind(child)) ? "\n" : inlineText(child);
  }
  return out;
}

/** Whether the element holds text directly (a textblock) rather than other blocks. */
function isTextblock(element: Y.XmlElement): boolean {
  return element.toArray().some((child) => child instanceof Y.XmlText || (child instanceof Y.XmlElement && LINE_BREAKS.has(kind(child))));
}

/** The lines of a sequence of blocks. */
function blockLines(children: readonly unknown[]): string[] {
  const lines: string[] = [];
  for (const child of children) {
    if (child instanceof Y.XmlText) lines.push(...deltaText(child).split("\n"));
    else if (child instanceof Y.XmlElement) lines.push(...elementLines(child));
  }
  return lines;
}

function elementLines(element: Y.XmlElement): string[] {
  const name = kind(element);
  const marker = LIST_MARKERS[name];
  if (marker) {
    return element.toArray().flatMap((item, index) => {
      if (!(item instanceof Y.XmlElement)) return [];
      const prefix = marker(element, index);
      const [first = "", ...rest] = blockLines(item.toArray());
      const indent = " ".repeat(prefix.length);
      return [prefix + first, ...rest.map((line) => (line ? indent + line : line))];
    });
  }
  if (RULES.has(name)) return ["---"];
  if (element.length === 0) return [""]; // an empty paragraph is an empty line
  if (isTextblock(element)) return inlineText(element).split("\n");
  return blockLines(element.toArray());
}

/** A fragment's plain text: its blocks' lines, ending without blank lines. */
function fragmentText(fragment: Y.XmlFragment): string {
  return blockLines(fragment.toArray()).join("\n").trimEnd();
}

/** The root type `name` as what its content shows it is, or null when the document has none. */
function rootOf(doc: Y.Doc, name: string): Y.Text | Y.XmlFragment | null {
  const existing = doc.share.get(name);
  if (!existing) return null;
  if (existing instanceof Y.Text || existing instanceof Y.XmlFragment) return existing;
  // Defined by a remote update only: its first item tells text from XML.
  const first = existing._start;
  if (!first) return null;
  return first.content instanceof Y.ContentType ? doc.getXmlFragment(name) : doc.getText(name);
}

/** The plain text of each field present in the document. */
export function fieldsText(doc: Y.Doc, fieldNames: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fieldNames) {
    const root = rootOf(doc, name);
    if (root) out[name] = root instanceof Y.Text ? root.toString() : fragmentText(root);
  }
  return out;
}

/** The text of `fields`, one paragraph per line, as a document's first update; null when all are empty. */
export function seedUpdate(fields: Record<string, string>, fieldNames: readonly string[]): Uint8Array | null {
  const doc = new Y.Doc();
  let any = false;
  for (const name of fieldNames) {
    const text = fields[name] ?? "";
    if (!text) continue;
    any = true;
    doc.getXmlFragment(name).insert(0, text.split("\n").map((line) => {
      const p = new Y.XmlElement("paragraph");
      if (line) p.insert(0, [new Y.XmlText(line)]);
      return p;
    }));
  }
  return any ? Y.encodeStateAsUpdate(doc) : null;
}
