/**
 * Server events of the live channel (01 §7: `message:received`, `chat:read`,
 * `online:init`, `user:forceLogout`, `chat:export:*`, …) for screens. The
 * engine owns one bus for its whole life; the live socket of the open local
 * data feeds it (`dispatch`) and lends it a way to emit while connected.
 * Handlers survive reconnections and a change of user (the socket changes,
 * the bus does not). Payloads are `unknown`: each screen parses what it uses.
 */
export type ServerEventHandler = (payload: unknown) => void;

/** What the bus needs of a socket to emit (socket.io's `emit`, with an optional ack callback last). */
export type ServerEmitter = { emit(name: string, ...args: unknown[]): unknown; connected: boolean };

export type ServerEvents = ReturnType<typeof createServerEvents>;

export function createServerEvents() {
  const handlers = new Map<string, Set<ServerEventHandler>>();
  let emitter: ServerEmitter | null = null;

  return {
    /** Calls `handler` for every `name` event from the server; returns the unsubscribe. */
    on(name: string, handler: ServerEventHandler): () => void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, set = new Set());
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    /** Called by the live socket for each event it receives. A failing handler does not stop the others. */
    dispatch(name: string, payload: unknown): void {
      for (const handler of [...handlers.get(name) ?? []]) {
        try {
          handler(payload);
        } catch (error) {
          console.warn(`Handling ${name} failed`, error);
        }
      }
    },
    /** The live socket lends itself while open (null when closed). */
    attach(next: ServerEmitter | null): void {
      emitter = next;
    },
    /** Emits to the server when connected; false when there is no connection (nothing is queued). */
    emit(name: string, ...args: unknown[]): boolean {
      if (!emitter?.connected) return false;
      emitter.emit(name, ...args);
      return true;
    },
  };
}
