/** File answers: one way to name a download, one set of headers for a stored file's bytes. */

/**
 * `Content-Disposition: attachment` naming the file twice (RFC 6266): an ASCII `filename` for old clients, with
 * anything else (and quotes, backslashes) as `_`, and the exact name in UTF-8 as `filename*`.
 */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A stored (uploaded) file as a download: its own type and size, named as an attachment, never sniffed by the
 * browser nor kept by a cache, since its bytes are whatever a user sent.
 */
export function storedFileResponse(file: { contentType: string; size: number; name: string }, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": attachment(file.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
