/**
 * Sends, in the background, the text of notes edited on this device while offline and not open now (the care
 * team's devices; mounted once in the header). One note at a time, whenever the device is online and the
 * waiting set changes or the network comes back; a note that could not be sent (no answer in time) is tried
 * again at the next change. An open note's own connection sends its text (`open-notes.ts`).
 */
import { useEffect, useRef, useState } from "react";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useNoteDocStore, useSyncStatus, useWaitingNoteTexts } from "../../sync/index.ts";
import { connectNote } from "../lib/note-connection.ts";
import { isNoteOpen } from "../lib/open-notes.ts";
import { sendWaitingText } from "../lib/send-waiting-text.ts";

const SEND_TIMEOUT_MS = 20_000;

export function WaitingTextSender() {
  const { api, session } = useAppDeps();
  const store = useNoteDocStore();
  const { online, state } = useSyncStatus();
  const waiting = useWaitingNoteTexts();
  const busy = useRef(false);
  /** Bumped when a round ends, so notes still waiting are looked at again. */
  const [round, setRound] = useState(0);
  const tried = useRef(new Set<string>());

  useEffect(() => {
    if (!store || !online || state !== "ready" || busy.current) return;
    const next = waiting.find((noteId) => !isNoteOpen(noteId) && !tried.current.has(noteId));
    if (!next) return;
    busy.current = true;
    let cancelled = false;
    void sendWaitingText({
      noteId: next,
      store,
      timeoutMs: SEND_TIMEOUT_MS,
      connect: (noteId, doc, awareness) =>
        connectNote({
          noteId,
          doc,
          awareness,
          getToken: () => session.tokens.read()?.accessToken || null,
          refreshToken: () => api.refresh(),
          isOnline: () => globalThis.navigator?.onLine ?? true,
          origin: globalThis.location.origin,
          network: globalThis,
        }),
    }).then((result) => {
      // Not sent: left for the next change of the waiting set or of the network.
      if (result === "timeout" || result === "refused") tried.current.add(next);
    }, (error) => {
      console.warn("A note's text could not be sent", error);
      tried.current.add(next);
    }).finally(() => {
      busy.current = false;
      if (!cancelled) setRound((n) => n + 1);
    });
    return () => void (cancelled = true);
  }, [store, online, state, waiting, api, session, round]);

  // A new chance for every note once the network comes back or the set changes.
  useEffect(() => {
    if (online) tried.current.clear();
  }, [online, waiting]);

  return null;
}
