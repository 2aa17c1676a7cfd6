/**
 * A file's new name keeps its type (issue 32: renaming "scan.pdf" to "x-ray" dropped ".pdf", and the file then
 * opened as nothing): a name given without an extension takes the old one; a name with its own extension is kept
 * as typed. An empty name keeps the old name.
 */
const EXTENSION = /\.([a-z0-9]{1,5})$/i;

export function renamedFile(oldName: string, newName: string): string {
  const name = newName.trim();
  if (!name) return oldName;
  if (EXTENSION.test(name)) return name;
  const old = EXTENSION.exec(oldName);
  return old ? `${name}.${old[1]}` : name;
}
