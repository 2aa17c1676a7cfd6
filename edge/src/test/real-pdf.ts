/** A real, readable PDF for tests (the edge refuses a PDF it cannot read, issue 32), padded to about `size` bytes. */
import { PDFDocument } from "pdf-lib";

export async function realPdf(title = "test", size = 0): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  doc.setTitle(title);
  if (size > 0) doc.setSubject("x".repeat(size));
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
