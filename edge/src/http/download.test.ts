import assert from "node:assert/strict";
import { attachment, storedFileResponse } from "./download.ts";

Deno.test("attachment: an ASCII name stands in both forms", () => {
  assert.equal(attachment("report-2024-05-01.csv"), `attachment; filename="report-2024-05-01.csv"; filename*=UTF-8''report-2024-05-01.csv`);
});

Deno.test("attachment: accents, quotes and backslashes fall back to _ and keep their UTF-8 form", () => {
  assert.equal(attachment('Résumé "final"\\.pdf'), `attachment; filename="R_sum_ _final__.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%5C.pdf`);
  // A name cannot end the header early or add a parameter of its own.
  assert.equal(attachment('a"; filename=evil.exe'), `attachment; filename="a_; filename=evil.exe"; filename*=UTF-8''a%22%3B%20filename%3Devil.exe`);
});

Deno.test("storedFileResponse: type, size and name of the file, never sniffed nor cached", async () => {
  const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array([1, 2, 3])), c.close()) });
  const res = storedFileResponse({ contentType: "application/pdf", size: 3, name: "scan.pdf" }, body);
  assert.equal(res.status, 200);
  assert.deepEqual(Object.fromEntries(res.headers), {
    "cache-control": "private, no-store",
    "content-disposition": `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    "content-length": "3",
    "content-type": "application/pdf",
    "x-content-type-options": "nosniff",
  });
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), new Uint8Array([1, 2, 3]));
});
