/** The PDF writer: a well-formed file whose cross-reference table points at its objects. */
import assert from "node:assert/strict";
import { createPdf, toLatin1, wrap } from "./pdf.ts";
import { assertValidPdf, latin1 } from "../test/pdf-check.ts";

Deno.test("pdf writer", async (t) => {
  await t.step("one page of text, valid structure, text findable", () => {
    const pdf = createPdf([{ text: "Conversation", bold: true }, { text: "Hello (world) \\ back" }], { title: "Export" });
    assertValidPdf(pdf);
    const text = latin1(pdf);
    assert.ok(text.includes("(Hello \\(world\\) \\\\ back) Tj"));
    assert.ok(text.includes("/Count 1"));
  });

  await t.step("long texts wrap and flow onto more pages", () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ text: `line ${i} ${"word ".repeat(40)}` }));
    const pdf = createPdf(lines);
    assertValidPdf(pdf);
    const pages = Number(/\/Count (\d+)/.exec(latin1(pdf))![1]);
    assert.ok(pages >= 7, `${pages} pages`);
  });

  await t.step("line breaks inside a line's text start new lines, each wrapped on its own", () => {
    const text = latin1(createPdf([{ text: `  Plan: Next:\n    - ECG\r\n    - ${"word ".repeat(30)}end` }]));
    assert.ok(text.includes("(  Plan: Next:) Tj"));
    assert.ok(text.includes("(    - ECG) Tj"));
    assert.ok(!text.includes("Next:?") && !text.includes("ECG?"), "no line break turned into '?'");
    assert.ok(/\((word )+end\) Tj/.test(text), "the long item wrapped after its own line");
  });

  await t.step("an empty document still has a page", () => {
    assertValidPdf(createPdf([]));
  });

  await t.step("non-Latin-1 characters are replaced; quotes and dashes look alike", () => {
    assert.equal(toLatin1("“Hi” – café 😀\u0007"), '"Hi" - café ??');
  });

  await t.step("wrapping prefers spaces and keeps every character", () => {
    assert.deepEqual(wrap("aaa bbb ccc", 7), ["aaa bbb", "ccc"]);
    assert.deepEqual(wrap("x".repeat(10), 4), ["xxxx", "xxxx", "xx"]);
    assert.deepEqual(wrap("a\nb", 10), ["a", "b"]);
  });
});
