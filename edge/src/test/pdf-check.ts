/** Reading a PDF back in tests: its text (unpdf, the pdf.js text layer) and its page count. */
import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";

export const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** The text of every page, pages joined by a line break; fails unless the bytes open as a PDF. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  assert.equal(latin1(bytes.subarray(0, 5)), "%PDF-", "starts with %PDF-");
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(doc, { mergePages: false });
  return { pages: totalPages, text: (text as string[]).join("\n") };
}
