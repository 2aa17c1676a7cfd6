/**
 * The waiting-service-worker state, set by the entry point's `registerSW`
 * callbacks and read by the update banner.
 */
export type SwUpdate = {
  needRefresh: boolean;
  /** Activates the waiting worker and reloads the page. */
  reload: () => void;
};

export type SwUpdateStore = {
  get(): SwUpdate;
  subscribe(listener: () => void): () => void;
  offer(reload: () => void): void;
  dismiss(): void;
};

export function createSwUpdateStore(): SwUpdateStore {
  let state: SwUpdate = { needRefresh: false, reload: () => {} };
  const listeners = new Set<() => void>();
  const set = (next: SwUpdate) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offer: (reload) => set({ needRefresh: true, reload }),
    dismiss: () => set({ ...state, needRefresh: false }),
  };
}
