/** TanStack Query keys of the notes domain. */
export const notesKeys = {
  all: ["notes"] as const,
  shared: (encounterId: string) => ["notes", "shared", encounterId] as const,
  /** `GET /noteTypes/list`: the practice's note types, as Settings manages them. */
  types: () => ["notes", "types"] as const,
};
