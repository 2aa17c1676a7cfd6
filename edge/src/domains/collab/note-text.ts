/**
 * A note's document shape and its plain text. Each field of the note type is
 * a root `Y.XmlFragment` named after the field, in the shape of Tiptap's
 * Collaboration extension (`field: <name>`, y-prosemirror): block elements
 * such as `paragraph` holding `Y.XmlText`. A root `Y.Text` of that name is
 * read too, for plain-text clients. The plain text (blocks joined by "\n")
 * goes into `encounter_notes.fields` so PDFs and exports see it.
 */
import * as Y from "yjs";

function xmlText(node: Y.XmlFragment | Y.XmlElement): string {
  const parts: string[] = [];
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlText) parts.push(child.toDelta().map((d: { insert?: unknown }) => typeof d.insert === "string" ? d.insert : "").join(""));
    else if (child instanceof Y.XmlElement) parts.push(xmlText(child));
  }
  // Blocks (children of the fragment) on their own lines; inline runs joined.
  return parts.join(node instanceof Y.XmlElement ? "" : "\n");
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
    if (root) out[name] = root instanceof Y.Text ? root.toString() : xmlText(root);
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
