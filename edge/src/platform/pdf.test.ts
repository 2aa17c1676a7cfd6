/** The PDF module: text read back with pdf.js (unpdf) is the text written, Unicode names included. */
import assert from "node:assert/strict";
import { createPdf, printable, wrapLine } from "./pdf.ts";
import { pdfText } from "../test/pdf-check.ts";

/** pdf.js puts a space or line break between drawn lines; compare with runs of whitespace collapsed. */
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

Deno.test("pdf", async (t) => {
  await t.step("Unicode names print as written and read back the same", async () => {
    const names = ["José Núñez", "Zoë Łukasz", "Ελένη Παπαδοπούλου", "Żółć gęślą jaźń", "Ђорђе Јовановић", "“quoted” – dash…"];
    const pdf = await createPdf([{ text: "Patients", bold: true }, ...names.map((text) => ({ text }))], { title: "Zoë" });
    const { pages, text } = await pdfText(pdf);
    assert.equal(pages, 1);
    for (const name of names) assert.ok(text.includes(name), `${name} in ${JSON.stringify(text)}`);
    assert.ok(text.includes("Patients"));
    assert.ok(!text.includes("?"), "nothing replaced by '?'");
  });

  await t.step("long text wraps at spaces, keeps every word, and flows onto more pages", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `wörd${i}`);
    const pdf = await createPdf([{ text: words.join(" ") }]);
    const { pages, text } = await pdfText(pdf);
    assert.ok(pages >= 3, `${pages} pages`);
    assert.equal(squash(text), words.join(" "));
  });

  await t.step("a line's own line breaks start new lines; a long unbroken word is cut, not lost", async () => {
    const long = "x".repeat(400);
    const { text } = await pdfText(await createPdf([{ text: `Plan:\n  - ECG\r\n  - ${long}` }]));
    assert.ok(/Plan:\s+- ECG\s+-\s+x+/.test(text), text.slice(0, 60));
    assert.equal(text.replace(/[^x]/g, "").length, 400);
  });

  await t.step("an empty document still has one page", async () => {
    assert.equal((await pdfText(await createPdf([]))).pages, 1);
  });

  await t.step("control characters are dropped, tabs become spaces", () => {
    assert.equal(printable("a\tb\u0000c\u0007"), "a    bc");
  });

  await t.step("wrapping prefers spaces and keeps every character", () => {
    const fits = (n: number) => (s: string) => [...s].length <= n;
    assert.deepEqual(wrapLine("aaa bbb ccc", fits(7)), ["aaa bbb", "ccc"]);
    assert.deepEqual(wrapLine("x".repeat(10), fits(4)), ["xxxx", "xxxx", "xx"]);
    assert.deepEqual(wrapLine("😀😀😀", fits(2)), ["😀😀", "😀"]);
  });
});
