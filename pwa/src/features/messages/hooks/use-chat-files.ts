/**
 * Names and sizes of a chat's attachments. The synced messages carry only `fileIds`; the names come from
 * `GET /messages/{chatId}` (newest first, `MESSAGES_PAGE_MAX` a page): the newest page, then older pages
 * only while some attachment of the messages on the device is still unnamed, up to `CHAT_FILE_PAGES`
 * pages (before 2026-11-26 only the newest 100 messages were read, and older attachments stayed
 * "Attachment n"). Messages still waiting to reach the server are not looked up (the server does not
 * have them yet); an attachment not found where it was looked for is not looked up again while the
 * chat is open. Online only: offline, or on a failed request, the names found so far stay, and the
 * lookup is made again when the connection comes back.
 */
import { useEffect, useRef, useState } from "react";
import { MESSAGES_PAGE_MAX } from "../../../../../sync/schemas/chat.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useSyncStatus } from "../../sync/index.ts";
import type { FileInfo } from "../components/Conversation.tsx";

/** The most pages of messages read back in one lookup (1,000 messages). */
export const CHAT_FILE_PAGES = 10;

type Known = { chatId: string; found: Record<string, FileInfo>; missed: ReadonlySet<string> };

export function useChatFiles(chatId: string, messages: readonly { fileIds: readonly string[]; pending: boolean }[]): Record<string, FileInfo> {
  const api = useApi();
  // Back online, a lookup that failed is made again.
  const { connected } = useSyncStatus();
  const [known, setKnown] = useState<Known>({ chatId, found: {}, missed: new Set() });
  const current = known.chatId === chatId ? known : { chatId, found: {}, missed: new Set<string>() };
  const wanted = new Set<string>();
  for (const message of messages) {
    if (message.pending) continue;
    for (const id of message.fileIds) if (!(id in current.found) && !current.missed.has(id)) wanted.add(id);
  }
  // A stable key: the effect runs again only when the set of unnamed attachments changes.
  const key = [...wanted].sort().join(",");
  const latest = useRef(current);
  latest.current = current;

  useEffect(() => {
    if (!key) return;
    const missing = new Set(key.split(","));
    let live = true;
    void (async () => {
      const found: Record<string, FileInfo> = {};
      let complete = false;
      try {
        for (let page = 0; page < CHAT_FILE_PAGES && missing.size > 0; page++) {
          const { list } = await api.GET("/messages/{chatId}", {
            path: { chatId },
            query: { offset: page * MESSAGES_PAGE_MAX, limit: MESSAGES_PAGE_MAX },
          });
          for (const message of list) {
            for (const file of message.files) {
              found[file.id] = { name: file.name, size: file.size };
              missing.delete(file.id);
            }
          }
          if (!live || list.length < MESSAGES_PAGE_MAX) break;
        }
        complete = live;
      } catch {
        // Offline or refused: keep what was found; the next change of attachments asks again.
      }
      // Cut short by newer attachments, the names found so far are kept (for this chat only).
      setKnown((before) => {
        if (latest.current.chatId !== chatId) return before;
        const same = before.chatId === chatId;
        return {
          chatId,
          found: { ...(same ? before.found : {}), ...found },
          // Looked for and not there: not asked for again while the chat is open.
          missed: new Set([...(same ? before.missed : []), ...(complete ? missing : [])]),
        };
      });
    })();
    return () => {
      live = false;
    };
  }, [api, chatId, key, connected]);

  return current.found;
}
