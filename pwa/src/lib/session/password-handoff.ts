/**
 * The account password, handed from the sign-in form to the on-device data
 * layer (which derives the key that protects local data from it). Held in
 * memory only, for one taker, and forgotten after a minute if nobody takes it.
 */
export type PasswordHandoff = {
  offer(userId: string, password: string): void;
  /** The password offered for this user, once; null when none is waiting. */
  take(userId: string): string | null;
};

export function createPasswordHandoff(ttlMs = 60_000, now: () => number = Date.now): PasswordHandoff {
  let slot: { userId: string; password: string; until: number } | null = null;
  return {
    offer(userId, password) {
      slot = { userId, password, until: now() + ttlMs };
    },
    take(userId) {
      const offered = slot;
      if (!offered || offered.userId !== userId || offered.until < now()) return null;
      slot = null;
      return offered.password;
    },
  };
}
