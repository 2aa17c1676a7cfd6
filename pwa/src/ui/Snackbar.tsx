import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { SNACKBAR_HIDE_MS } from "../../../sync/constants.ts";

export type SnackbarKind = "info" | "success" | "error";
export type SnackbarMessage = { id: number; text: string; kind: SnackbarKind };
export type Notify = (text: string, kind?: SnackbarKind) => void;

const SnackbarContext = createContext<Notify | null>(null);

/**
 * Short messages at the bottom of the screen that hide after SNACKBAR_HIDE_MS (01 §9).
 * Both live regions are always in the DOM so screen readers announce what is
 * added: information politely, errors assertively.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<SnackbarMessage[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setMessages((list) => list.filter((m) => m.id !== id)), []);
  const notify = useCallback<Notify>((text, kind = "info") => {
    const id = nextId.current++;
    // Keep the three most recent so a burst of failures cannot cover the screen.
    setMessages((list) => [...list.slice(-2), { id, text, kind }]);
  }, []);
  const polite = messages.filter((m) => m.kind !== "error");
  const assertive = messages.filter((m) => m.kind === "error");
  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <div className="ui-snackbar-region">
        <div role="status" aria-live="polite" className="stack">
          {polite.map((m) => <SnackbarItem key={m.id} message={m} onDismiss={dismiss} />)}
        </div>
        <div role="alert" aria-live="assertive" className="stack">
          {assertive.map((m) => <SnackbarItem key={m.id} message={m} onDismiss={dismiss} />)}
        </div>
      </div>
    </SnackbarContext.Provider>
  );
}

function SnackbarItem({ message, onDismiss }: { message: SnackbarMessage; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(message.id), SNACKBAR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [message.id, onDismiss]);
  return (
    <div className={`ui-snackbar ui-snackbar--${message.kind}`}>
      <span className="ui-snackbar__text">{message.text}</span>
      <button type="button" className="ui-snackbar__close" aria-label="Dismiss" onClick={() => onDismiss(message.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The provider's `notify`, or null outside one (for hooks usable anywhere). */
export function useOptionalSnackbar(): Notify | null {
  return useContext(SnackbarContext);
}

/** `notify(text, kind)` from anywhere under the provider. */
export function useSnackbar(): Notify {
  const notify = useContext(SnackbarContext);
  if (!notify) throw new Error("useSnackbar needs a SnackbarProvider");
  return notify;
}
