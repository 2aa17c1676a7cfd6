/**
 * Builds the body of a form that carries files. Strings go as they are,
 * numbers and booleans as text, arrays and objects as JSON text (the server
 * parses e.g. `agreements` and `licensedStates` from JSON); empty values are left out.
 */
export type MultipartFiles = Record<string, File | Blob | readonly (File | Blob)[] | null | undefined>;

export function toFormData(fields: Record<string, unknown>, files: MultipartFiles = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (typeof value === "string") form.append(name, value);
    else if (typeof value === "number" || typeof value === "boolean") form.append(name, String(value));
    else form.append(name, JSON.stringify(value));
  }
  for (const [name, value] of Object.entries(files)) {
    if (!value) continue;
    const list = Array.isArray(value) ? value : [value as File | Blob];
    for (const file of list) form.append(name, file, file instanceof File ? file.name : name);
  }
  return form;
}
