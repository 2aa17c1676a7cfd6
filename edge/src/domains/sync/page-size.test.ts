import assert from "node:assert/strict";
import { PULL_LIMIT_MAX, PULL_PAGE_BYTES_MAX } from "../../../../sync/protocol.ts";
import { approxJsonBytes, FIRST_READ_ROWS, nextReadSize } from "./page-size.ts";

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

Deno.test("nextReadSize: a bulk page's reads are sized from the bytes still allowed, never past an ordinary page", () => {
  // The first read is small: 50 drafts of 100 KB are 5 MB, not the 100 MB of a thousand.
  assert.equal(nextReadSize({ limit: 2500, read: 0, bytes: 0 }), FIRST_READ_ROWS);
  assert.equal(nextReadSize({ limit: 20, read: 0, bytes: 0 }), 20);
  // Small documents (about 550 bytes): the rest of the page, a thousand rows at most.
  assert.equal(nextReadSize({ limit: 2500, read: 50, bytes: 50 * 550 }), PULL_LIMIT_MAX);
  assert.equal(nextReadSize({ limit: 2500, read: 2050, bytes: 2050 * 550 }), 450);
  // Large documents (about 95 KB): only what the 4 MB still allowed holds, and one more to reach it.
  const large = nextReadSize({ limit: 2500, read: 40, bytes: 40 * 95_000 });
  assert.equal(large, Math.ceil((PULL_PAGE_BYTES_MAX - 40 * 95_000) / 95_000) + 1);
  assert.ok(large >= 1 && large <= 6, `${large}`);
  // At or past the cap (the caller stops first), still a valid query size.
  assert.equal(nextReadSize({ limit: 2500, read: 100, bytes: PULL_PAGE_BYTES_MAX }), 1);
});
