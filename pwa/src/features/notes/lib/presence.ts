/**
 * Who else has a note open (issue 7): each editor puts `{id, name, color}`
 * under `user` in the note's awareness (Tiptap's CollaborationCaret does);
 * the others are listed once per person (two tabs of one person are one).
 * Awareness comes from other devices: it is read field by field, never trusted.
 */

export type EditorUser = { id: string; name: string; color: string };

/** Dark enough for white caret labels (contrast ≥ 4.5:1), told apart by hue. */
export const CARET_COLOURS = ["#0b5fb3", "#b3261e", "#1b6e20", "#7b3fa0", "#a84900", "#00695c", "#ad1457", "#4e5b6e"] as const;

/** A stable colour per user id. */
export function userColour(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return CARET_COLOURS[hash % CARET_COLOURS.length];
}

export function editorUser(user: { id: string; firstName: string; lastName: string }): EditorUser {
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || "Someone", color: userColour(user.id) };
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/** The `user` of one awareness state, or null when it is not one. */
export function readUser(state: unknown): EditorUser | null {
  if (typeof state !== "object" || state === null) return null;
  const user = (state as { user?: unknown }).user;
  if (typeof user !== "object" || user === null) return null;
  const { id, name, color } = user as Record<string, unknown>;
  if (typeof id !== "string" || !id || typeof name !== "string") return null;
  return {
    id: id.slice(0, 64),
    name: name.trim().slice(0, 100) || "Someone",
    color: typeof color === "string" && COLOUR.test(color) ? color : userColour(id),
  };
}

/** Everyone but this user (any of their tabs), once each, by name. */
export function othersHere(states: ReadonlyMap<number, unknown>, selfUserId: string): EditorUser[] {
  const byId = new Map<string, EditorUser>();
  for (const state of states.values()) {
    const user = readUser(state);
    if (user && user.id !== selfUserId && !byId.has(user.id)) byId.set(user.id, user);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
