/** Time as a dependency, so tests can move it. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(d) {
      current = d.getTime();
    },
  };
}
