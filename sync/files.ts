/**
 * File types decided from the content's first bytes, never from the name
 * (02 §5 "Files"). Runtime-neutral: both the PWA and the edge use it.
 */
export const FILE_KINDS = ["pdf", "png", "jpg", "gif", "doc", "docx", "mp4", "avi", "zip", "rar", "7z", "gzip"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  mp4: "video/mp4",
  avi: "video/x-msvideo",
  zip: "application/zip",
  rar: "application/vnd.rar",
  "7z": "application/x-7z-compressed",
  gzip: "application/gzip",
};

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** Looks at up to the first 4 KiB; returns null for anything not recognised. */
export function sniffFileKind(head: Uint8Array): FileKind | null {
  const b = head.subarray(0, 4096);
  if (ascii(b, 0, 5) === "%PDF-") return "pdf";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpg";
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return "gif";
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "doc";
  if (ascii(b, 4, 8) === "ftyp") return "mp4";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "AVI ") return "avi";
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    return ascii(b, 0, b.length).includes("word/") ? "docx" : "zip";
  }
  if (ascii(b, 0, 6) === "Rar!\x1a\x07") return "rar";
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "7z";
  if (startsWith(b, [0x1f, 0x8b])) return "gzip";
  return null;
}

/** Allowed kinds per purpose (02 §5). */
export const ALLOWED_KINDS = {
  signature: ["jpg", "png"],
  agreement: ["pdf"],
  insuranceCopy: ["pdf", "jpg", "gif", "png"],
  note: ["pdf", "doc", "docx", "jpg", "png", "mp4", "avi"],
  /** What a patient adds to their own record: documents and photos a browser can show. */
  patientUpload: ["pdf", "jpg", "png"],
  imaging: ["pdf", "doc", "docx", "jpg", "png", "mp4", "avi", "rar", "7z", "zip", "gzip"],
  /** Chat attachments (at most 60 MB each): every kind recognised from its content. */
  chat: FILE_KINDS,
} as const satisfies Record<string, readonly FileKind[]>;
export type FilePurpose = keyof typeof ALLOWED_KINDS;

const KIND_NAMES: Record<FileKind, string> = {
  pdf: "PDF", png: "PNG", jpg: "JPG", gif: "GIF", doc: "Word", docx: "Word", mp4: "MP4", avi: "AVI", zip: "ZIP", rar: "RAR",
  "7z": "7z", gzip: "GZIP",
};
const KIND_EXTENSIONS: Record<FileKind, string[]> = {
  pdf: [".pdf"], png: [".png"], jpg: [".jpg", ".jpeg"], gif: [".gif"], doc: [".doc"], docx: [".docx"], mp4: [".mp4"],
  avi: [".avi"], zip: [".zip"], rar: [".rar"], "7z": [".7z"], gzip: [".gz"],
};

/** What a purpose takes, for people: "PDF, JPG or PNG" (the same list `checkFile` enforces). */
export function allowedKindsText(purpose: FilePurpose): string {
  const names = [...new Set((ALLOWED_KINDS[purpose] as readonly FileKind[]).map((k) => KIND_NAMES[k]))];
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The file picker's `accept` for a purpose (a hint only: the type is checked from the content). */
export function acceptFor(purpose: FilePurpose): string {
  return (ALLOWED_KINDS[purpose] as readonly FileKind[]).flatMap((k) => KIND_EXTENSIONS[k]).join(",");
}

export type FileCheck = { ok: true; kind: FileKind; contentType: string } | { ok: false; message: string };

/** The kind a file's name claims (".pdf" → pdf); a hint for messages only, never what decides. */
export function kindNamed(name: string): FileKind | null {
  const lower = name.trim().toLowerCase();
  return FILE_KINDS.find((k) => KIND_EXTENSIONS[k].some((ext) => lower.endsWith(ext))) ?? null;
}

/** Said of a file named like an allowed kind whose content is not that kind (a broken download, a renamed file). */
export function damagedFileMessage(kind: FileKind): string {
  return `This ${KIND_NAMES[kind]} file is damaged and cannot be read. Save or export it again, then upload the new file.`;
}

/**
 * Size and type from the content. `name` only words the refusal: a file named like an allowed kind whose
 * content is not one is "damaged", not of an "unsupported type".
 */
export function checkFile(head: Uint8Array, size: number, purpose: FilePurpose, maxBytes: number, name?: string): FileCheck {
  if (size > maxBytes) {
    return { ok: false, message: `The file is too large (at most ${Math.round(maxBytes / 1024 / 1024)} MB)` };
  }
  if (size === 0) return { ok: false, message: "The file is empty" };
  const kind = sniffFileKind(head);
  const allowed: readonly FileKind[] = ALLOWED_KINDS[purpose];
  if (!kind || !allowed.includes(kind)) {
    // Content recognised as another kind is a misnamed file; content recognised as nothing, named like an allowed kind, is broken.
    const claimed = !kind && name ? kindNamed(name) : null;
    if (claimed && allowed.includes(claimed)) return { ok: false, message: damagedFileMessage(claimed) };
    return { ok: false, message: `Unsupported file type (allowed: ${allowedKindsText(purpose)})` };
  }
  return { ok: true, kind, contentType: CONTENT_TYPES[kind] };
}
