/**
 * Hands a fetched file to the browser as a download under `name`. Files need the bearer token, so they are
 * fetched through the API client and saved from a blob rather than linked. The link is put in the page while it
 * is clicked (Firefox ignores a detached one); the blob's address is freed a minute later, when the save has it.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
