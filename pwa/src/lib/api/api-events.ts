import type { ErrorDetails } from "../../../../sync/envelope.ts";

/**
 * What the API client announces for the rest of the app to act on (01 §8).
 * Later features subscribe; the shell shows a minimal dialog for each.
 */
export type ApiEventMap = {
  /** 402 "payment-action-required": the card needs an extra step (3-D Secure). */
  paymentActionRequired: ErrorDetails;
  /** 402 "Subscription required": open the upgrade dialog. */
  subscriptionRequired: { noSubscription: true; details: ErrorDetails };
  /** 422 "Profile for erx not filled error": the doctor's e-prescribing profile is incomplete. */
  erxProfileRequired: ErrorDetails;
  /** The token could not be refreshed: the session ended on the server side. */
  serverLogout: { rememberedPath: string | null };
};

export type ApiEventName = keyof ApiEventMap;
type Listener<K extends ApiEventName> = (payload: ApiEventMap[K]) => void;

export type ApiEvents = {
  on<K extends ApiEventName>(name: K, listener: Listener<K>): () => void;
  emit<K extends ApiEventName>(name: K, payload: ApiEventMap[K]): void;
};

/** A small typed event emitter; `on` returns the unsubscribe function. */
export function createApiEvents(): ApiEvents {
  const listeners = new Map<ApiEventName, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        (listener as Listener<typeof name>)(payload);
      }
    },
  };
}

export const PAYMENT_ACTION_REQUIRED = "payment-action-required";
export const SUBSCRIPTION_REQUIRED = "Subscription required";
export const ERX_PROFILE_NOT_FILLED = "Profile for erx not filled error";
