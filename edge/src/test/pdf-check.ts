/** Structural checks of a PDF file (the chat export tests and the writer's own). */
import assert from "node:assert/strict";

export const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** Checks the structure a reader relies on: header, objects at the xref offsets, trailer. */
export function assertValidPdf(bytes: Uint8Array) {
  const text = latin1(bytes);
  assert.ok(text.startsWith("%PDF-1.4\n"), "starts with %PDF");
  assert.ok(text.endsWith("%%EOF\n"), "ends with %%EOF");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  assert.ok(text.startsWith("xref\n", startxref), "startxref points at the xref table");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  assert.equal(Number(first), 0);
  const entries = text.slice(startxref).split("\n").slice(2, 2 + Number(count));
  entries.slice(1).forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    assert.ok(text.startsWith(`${i + 1} 0 obj\n`, offset), `object ${i + 1} at its offset`);
  });
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    assert.equal(text.slice(start + Number(m[1]), start + Number(m[1]) + 10), "\nendstream", "stream length");
  }
}

