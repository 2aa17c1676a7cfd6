import assert from "node:assert/strict";
import { approxJsonBytes } from "./page-size.ts";

Deno.test("approxJsonBytes: close to the JSON's length for synced documents, never far under it", () => {
  const docs = [
    { id: crypto.randomUUID(), title: "Visit", fields: { text: "x".repeat(95_000), plan: "" }, updatedAt: 123456789, _deleted: false, encounterId: null },
    { id: crypto.randomUUID(), text: "hello", fileIds: [crypto.randomUUID(), crypto.randomUUID()], createdAt: new Date().toISOString(), updatedAt: 1, _deleted: true },
    { nested: { deeper: [1, 2, { a: "b" }] }, empty: {}, list: [] },
  ];
  for (const doc of docs) {
    const exact = JSON.stringify(doc).length;
    const approx = approxJsonBytes(doc);
    assert.ok(approx >= exact * 0.9 && approx <= exact * 1.5 + 20, `${approx} for ${exact}`);
  }
  assert.equal(approxJsonBytes("abc"), 5);
  assert.equal(approxJsonBytes(null), 5);
});
