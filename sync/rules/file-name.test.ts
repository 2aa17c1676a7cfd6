import assert from "node:assert/strict";
import { renamedFile } from "./file-name.ts";

Deno.test("a renamed file keeps its extension unless the new name has its own", () => {
  assert.equal(renamedFile("scan.pdf", "x-ray"), "x-ray.pdf");
  assert.equal(renamedFile("scan.pdf", "  chest x-ray May  "), "chest x-ray May.pdf");
  assert.equal(renamedFile("scan.pdf", "x-ray.PDF"), "x-ray.PDF");
  assert.equal(renamedFile("photo.jpeg", "rash.png"), "rash.png");
  assert.equal(renamedFile("notes", "visit"), "visit");
  assert.equal(renamedFile("scan.pdf", "   "), "scan.pdf");
});
