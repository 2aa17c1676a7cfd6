/**
 * The plain text of a note's fields, read from documents made the way the PWA's editors make them: Tiptap's
 * starter kit schema turned into a Yjs fragment by the Yjs binding Tiptap's Collaboration extension uses.
 */
import assert from "node:assert/strict";
import { getSchema, type JSONContent } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { prosemirrorJSONToYXmlFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { fieldsText, seedUpdate } from "./note-text.ts";

const schema = getSchema([StarterKit]);

const text = (value: string, bold = false): JSONContent => ({ type: "text", text: value, ...(bold ? { marks: [{ type: "bold" }] } : {}) });
const p = (...content: JSONContent[]): JSONContent => ({ type: "paragraph", ...(content.length ? { content } : {}) });
const item = (...content: JSONContent[]): JSONContent => ({ type: "listItem", content });
const bullets = (...items: JSONContent[]): JSONContent => ({ type: "bulletList", content: items });
const numbered = (items: JSONContent[], start = 1): JSONContent => ({ type: "orderedList", attrs: { start }, content: items });
const heading = (value: string): JSONContent => ({ type: "heading", attrs: { level: 3 }, content: [text(value)] });
const hardBreak: JSONContent = { type: "hardBreak" };

/** A note's document with one field per entry, each written as the editor writes it. */
function note(fields: Record<string, JSONContent[]>): Y.Doc {
  const doc = new Y.Doc();
  for (const [name, content] of Object.entries(fields)) prosemirrorJSONToYXmlFragment(schema, { type: "doc", content }, doc.getXmlFragment(name));
  // The server reads documents it received as updates, whose roots are not typed yet.
  const received = new Y.Doc();
  Y.applyUpdate(received, Y.encodeStateAsUpdate(doc));
  return received;
}

Deno.test("a note's plain text keeps its structure", async (t) => {
  await t.step("paragraphs on their own lines, an empty paragraph an empty line, nothing trailing", () => {
    const doc = note({ Subjective: [p(text("Cough for ")), p(text("3 days", true)), p(), p(text("No fever")), p(), p()] });
    assert.deepEqual(fieldsText(doc, ["Subjective"]), { Subjective: "Cough for \n3 days\n\nNo fever" });
  });

  await t.step("a bulleted list: one item a line, each prefixed", () => {
    const doc = note({ Plan: [p(text("Next:")), bullets(item(p(text("ECG"))), item(p(text("Bloods", true), text(" fasting")))), p(text("Review in a week"))] });
    assert.equal(fieldsText(doc, ["Plan"]).Plan, "Next:\n- ECG\n- Bloods fasting\nReview in a week");
  });

  await t.step("a numbered list counts from its start; nested lists and second paragraphs are indented under their item", () => {
    const doc = note({
      Plan: [
        numbered([item(p(text("Rest"))), item(p(text("Medication")), bullets(item(p(text("Ibuprofen"))), item(p(text("Paracetamol")))))]),
        numbered([item(p(text("Call if worse")), p(text("or go to the ER")))], 9),
      ],
    });
    assert.equal(
      fieldsText(doc, ["Plan"]).Plan,
      "1. Rest\n2. Medication\n   - Ibuprofen\n   - Paracetamol\n9. Call if worse\n   or go to the ER",
    );
  });

  await t.step("headings, hard breaks, quotes and code blocks end their lines", () => {
    const doc = note({
      Assessment: [
        heading("Impression"),
        p(text("Viral"), hardBreak, text("bronchitis")),
        { type: "blockquote", content: [p(text("Feels tired"))] },
        { type: "codeBlock", content: [text("BP 120/80\nHR 72")] },
        { type: "horizontalRule" },
        p(text("End")),
      ],
    });
    assert.equal(fieldsText(doc, ["Assessment"]).Assessment, "Impression\nViral\nbronchitis\nFeels tired\nBP 120/80\nHR 72\n---\nEnd");
  });

  await t.step("each field is its own fragment; fields absent from the document are left out", () => {
    const doc = note({ Subjective: [p(text("S"))], Plan: [bullets(item(p(text("P"))))] });
    assert.deepEqual(fieldsText(doc, ["Subjective", "Objective", "Plan"]), { Subjective: "S", Plan: "- P" });
  });

  await t.step("text written back is seeded as paragraphs again, line for line", () => {
    const written = fieldsText(note({ Plan: [p(text("Next:")), bullets(item(p(text("ECG"))), item(p(text("Bloods"))))] }), ["Plan"]);
    const seeded = new Y.Doc();
    Y.applyUpdate(seeded, seedUpdate(written, ["Plan"])!);
    assert.deepEqual(fieldsText(seeded, ["Plan"]), written);
  });
});
