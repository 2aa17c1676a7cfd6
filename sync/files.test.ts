/** File kinds from content, and the per-purpose checks (02 §5 "Files"). */
import assert from "node:assert/strict";
import { acceptFor, allowedKindsText, checkFile, type FileKind, sniffFileKind } from "./files.ts";
import { MB, SIGNATURE_MAX_BYTES } from "./constants.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

const SAMPLES: Record<FileKind, Uint8Array> = {
  pdf: bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0"),
  gif: bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0]),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
  docx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0], "[Content_Types].xml", [0, 0], "word/document.xml"),
  mp4: bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0], "isommp42"),
  avi: bytes("RIFF", [0x24, 0x10, 0, 0], "AVI LIST"),
  zip: bytes([0x50, 0x4b, 0x03, 0x04, 0x0a, 0, 0, 0], "notes/readme.txt"),
  rar: bytes("Rar!", [0x1a, 0x07, 0x01, 0x00]),
  "7z": bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]),
  gzip: bytes([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0]),
};

Deno.test("sniffFileKind", async (t) => {
  for (const [kind, sample] of Object.entries(SAMPLES)) {
    await t.step(`recognises ${kind} by its magic bytes`, () => {
      assert.equal(sniffFileKind(sample), kind);
    });
  }
  await t.step("GIF87a is a gif too", () => {
    assert.equal(sniffFileKind(bytes("GIF87a", [1, 0])), "gif");
  });
  await t.step("a docx whose word/ entry is further in the first 4 KiB is still a docx", () => {
    const head = new Uint8Array(4096);
    head.set(SAMPLES.zip);
    head.set(bytes("word/styles.xml"), 3000);
    assert.equal(sniffFileKind(head), "docx");
  });
  await t.step("a text file renamed to .png is nothing", () => {
    assert.equal(sniffFileKind(new TextEncoder().encode("just some text, not an image\n")), null);
  });
  await t.step("empty and truncated content is nothing", () => {
    assert.equal(sniffFileKind(new Uint8Array()), null);
    assert.equal(sniffFileKind(SAMPLES.png.subarray(0, 7)), null);
    assert.equal(sniffFileKind(bytes([0xff, 0xd8])), null);
  });
  await t.step("a RIFF that is not an AVI (a WAV) is nothing", () => {
    assert.equal(sniffFileKind(bytes("RIFF", [0x24, 0x10, 0, 0], "WAVEfmt ")), null);
  });
  await t.step("HTML or SVG dressed as an image is nothing", () => {
    assert.equal(sniffFileKind(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>")), null);
    assert.equal(sniffFileKind(new TextEncoder().encode("<!doctype html><script>alert(1)</script>")), null);
  });
});

Deno.test("checkFile", async (t) => {
  await t.step("accepts a PNG signature and names its content type", () => {
    assert.deepEqual(checkFile(SAMPLES.png, SAMPLES.png.length, "signature", SIGNATURE_MAX_BYTES), {
      ok: true,
      kind: "png",
      contentType: "image/png",
    });
    assert.deepEqual(checkFile(SAMPLES.jpg, 1000, "signature", SIGNATURE_MAX_BYTES), { ok: true, kind: "jpg", contentType: "image/jpeg" });
  });
  await t.step("a file of exactly the maximum size is fine; one byte more is too large", () => {
    assert.equal(checkFile(SAMPLES.png, 20 * MB, "signature", 20 * MB).ok, true);
    const result = checkFile(SAMPLES.png, 20 * MB + 1, "signature", 20 * MB);
    assert.deepEqual(result, { ok: false, message: "The file is too large (at most 20 MB)" });
  });
  await t.step("an empty file is refused", () => {
    assert.deepEqual(checkFile(new Uint8Array(), 0, "signature", SIGNATURE_MAX_BYTES), { ok: false, message: "The file is empty" });
  });
  await t.step("a text file is refused for every purpose", () => {
    const text = new TextEncoder().encode("hello");
    for (const purpose of ["signature", "agreement", "insuranceCopy", "note", "imaging"] as const) {
      const result = checkFile(text, text.length, purpose, 60 * MB);
      assert.equal(result.ok, false, purpose);
      assert.match((result as { message: string }).message, /^Unsupported file type/);
    }
  });
  await t.step("named like an allowed kind, content recognised as nothing: damaged; as another kind: unsupported", () => {
    const junk = new TextEncoder().encode("garbage bytes");
    assert.deepEqual(checkFile(junk, junk.length, "patientUpload", 60 * MB, "Lab results.PDF"), {
      ok: false,
      message: "This PDF file is damaged and cannot be read. Save or export it again, then upload the new file.",
    });
    assert.deepEqual(checkFile(SAMPLES.mp4, 100, "patientUpload", 60 * MB, "clip.pdf"), {
      ok: false,
      message: "Unsupported file type (allowed: PDF, JPG or PNG)",
    });
    // A name of a kind the purpose does not take says what it takes.
    assert.match((checkFile(junk, junk.length, "patientUpload", 60 * MB, "letter.docx") as { message: string }).message, /^Unsupported/);
  });
  const table: [Parameters<typeof checkFile>[2], FileKind[], FileKind[]][] = [
    ["signature", ["jpg", "png"], ["pdf", "gif", "doc", "zip"]],
    ["agreement", ["pdf"], ["png", "jpg", "doc", "docx"]],
    ["insuranceCopy", ["pdf", "jpg", "gif", "png"], ["doc", "mp4", "zip"]],
    ["note", ["pdf", "doc", "docx", "jpg", "png", "mp4", "avi"], ["gif", "zip", "rar", "7z", "gzip"]],
    ["imaging", ["pdf", "doc", "jpg", "png", "mp4", "avi", "rar", "7z", "zip", "gzip"], ["gif"]],
  ];
  for (const [purpose, allowed, refused] of table) {
    await t.step(`${purpose}: allows ${allowed.join(", ")}; refuses ${refused.join(", ")}`, () => {
      for (const kind of allowed) assert.equal(checkFile(SAMPLES[kind], 100, purpose, 60 * MB).ok, true, `${purpose} ${kind}`);
      for (const kind of refused) {
        const result = checkFile(SAMPLES[kind], 100, purpose, 60 * MB);
        assert.equal(result.ok, false, `${purpose} ${kind}`);
        assert.match((result as { message: string }).message, new RegExp(`allowed: ${allowed.slice(0, 1)}`, "i"));
      }
    });
  }
});

Deno.test("the kinds a purpose takes, in words and as the picker's accept, are the ones checkFile enforces", () => {
  // A patient's own upload: what the hint says is what is accepted (issue 32: it promised Word and video).
  assert.equal(allowedKindsText("patientUpload"), "PDF, JPG or PNG");
  assert.equal(acceptFor("patientUpload"), ".pdf,.jpg,.jpeg,.png");
  assert.equal(allowedKindsText("note"), "PDF, Word, JPG, PNG, MP4 or AVI");
  assert.equal(allowedKindsText("agreement"), "PDF");
});
