/** TanStack Query keys of the notes domain. */
export const notesKeys = {
  all: ["notes"] as const,
  shared: (encounterId: string) => ["notes", "shared", encounterId] as const,
};
