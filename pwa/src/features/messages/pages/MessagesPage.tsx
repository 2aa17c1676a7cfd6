import { useEffect, useReducer, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useApi, useAppDeps } from "../../../lib/app-deps.tsx";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { failureMessage, readOnlyReason, useChatMessages, useChats, useSendMessage, useServerEmit, useServerEvent, useSyncStatus } from "../../sync/index.ts";
import type { SyncStatus } from "../../sync/index.ts";
import { chatTitle, type NameById } from "../chat-display.ts";
import { ChatList } from "../components/ChatList.tsx";
import { Conversation } from "../components/Conversation.tsx";
import { useChatFiles } from "../hooks/use-chat-files.ts";
import type { AttachmentUploader } from "../components/MessageComposer.tsx";
import { exportReducer, type ExportState, ExportStatus } from "../components/ExportStatus.tsx";
import { useOnlineUsers, useUnreadChats } from "../hooks/use-chat-live.ts";
import { useUserNames } from "../hooks/use-user-names.ts";
import { field } from "../live-state.ts";
import { ATTACHMENTS_PER_MESSAGE, checkAttachment, uploadAttachment } from "../socket-upload.ts";
import { MembersDialog, NewChatDialog } from "./ChatDialogs.tsx";

/**
 * `/messages`: the chat list beside the open conversation (`?chat=<id>`). On a
 * phone they are two panes: the list, or the conversation with a way back.
 * Unread badges and presence come from the chat API and its live events.
 */
export function MessagesPage() {
  const self = useCurrentUser();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const chatId = params.get("chat");
  const chats = useChats();
  const status = useSyncStatus();
  const { unread, markRead } = useUnreadChats(self.id, chatId);
  const online = useOnlineUsers();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [newChatOpen, setNewChatOpen] = useState(false);
  const [supportError, setSupportError] = useState<string | null>(null);
  const visibleChats = chats.items.filter((chat) => !removed.has(chat.id));
  const names = useUserNames(visibleChats.flatMap((chat) => chat.memberIds).filter((id) => id !== self.id));
  const chat = chatId ? visibleChats.find((c) => c.id === chatId && !c._deleted) ?? null : null;
  const open = (id: string) => navigate({ search: `?chat=${id}` });

  // Removed from a chat (or left it): it leaves the screen at once.
  useServerEvent("chat:removed", (payload) => {
    const id = field(payload, "chatId");
    if (!id) return;
    setRemoved((current) => new Set(current).add(id));
    if (id === chatId) navigate({ search: "" });
  });

  // An open chat is read: now, and again when a message arrives in it.
  useEffect(() => {
    if (chatId) void markRead(chatId);
  }, [chatId, markRead]);
  useServerEvent("message:received", (payload) => {
    if (chatId && field(payload, "chatId") === chatId && field(payload, "authorId") !== self.id) void markRead(chatId);
  });

  const openSupport = async () => {
    setSupportError(null);
    try {
      open((await api.GET("/messages/support")).chatId);
    } catch (reason) {
      setSupportError(failureMessage(reason));
    }
  };

  const actions = (
    <>
      <Button onClick={() => setNewChatOpen(true)}>New message</Button>
      {self.role !== "admin" && <Button variant="secondary" onClick={() => void openSupport()}>Support</Button>}
      {supportError && <p className="form-error" role="alert">{supportError}</p>}
    </>
  );

  return (
    <div className="messages-page stack">
      <title>Messages · DPC Telehealth</title>
      <h1 className={chatId ? "messages-page__title--with-chat" : undefined}>Messages</h1>
      <div className={chatId ? "messages messages--conversation" : "messages messages--list"}>
        <ChatList
          chats={visibleChats}
          loading={chats.loading}
          selectedId={chatId}
          selfId={self.id}
          names={names}
          unread={unread}
          online={online}
          actions={actions}
        />
        <div className="messages__pane">
          {!chatId && <EmptyState title="Choose a chat">Pick a conversation from the list to read and write messages.</EmptyState>}
          {chatId && chat && (
            <OpenChat
              key={chat.id}
              chatId={chat.id}
              kind={chat.kind}
              title={chatTitle(chat, self.id, names)}
              selfId={self.id}
              selfRole={self.role}
              names={names}
              status={status}
              onLeft={() => navigate({ search: "" })}
            />
          )}
          {chatId && !chat && (chats.loading || status.connected) && !removed.has(chatId) && (
            <WaitForChat />
          )}
          {chatId && !chat && !chats.loading && (!status.connected || removed.has(chatId)) && (
            <EmptyState title="This chat is not available" action={<Link to={{ search: "" }}>Back to your chats</Link>}>
              It may have been removed, or you are no longer a member.
            </EmptyState>
          )}
        </div>
      </div>
      <NewChatDialog
        open={newChatOpen}
        onClose={() => setNewChatOpen(false)}
        onOpened={(id) => {
          setNewChatOpen(false);
          open(id);
        }}
      />
    </div>
  );
}

/** A chat just started arrives on the device by the live channel: wait a little before saying it is not there. */
function WaitForChat() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), 8_000);
    return () => clearTimeout(timer);
  }, []);
  return late
    ? (
      <EmptyState title="This chat is not available" action={<Link to={{ search: "" }}>Back to your chats</Link>}>
        It may have been removed, or you are no longer a member.
      </EmptyState>
    )
    : <Spinner size={32} label="Loading the chat" />;
}

type OpenChatProps = {
  chatId: string;
  kind: string;
  title: string;
  selfId: string;
  selfRole: string;
  names: NameById;
  status: SyncStatus;
  onLeft: () => void;
};

function OpenChat({ chatId, kind, title, selfId, selfRole, names, status, onLeft }: OpenChatProps) {
  const messages = useChatMessages(chatId);
  const send = useSendMessage();
  const api = useApi();
  const emit = useServerEmit();
  const { session } = useAppDeps();
  const files = useChatFiles(chatId, messages.items);
  const uploader: AttachmentUploader = {
    max: ATTACHMENTS_PER_MESSAGE,
    check: checkAttachment,
    upload: (file, options) => uploadAttachment(emit, file, options),
  };
  const [membersOpen, setMembersOpen] = useState(false);
  const withToken = (url: string) => `${url}?token=${encodeURIComponent(session.tokens.read()?.accessToken ?? "")}`;
  const [exportState, dispatchExport] = useReducer(
    (state: ExportState, action: ExportState | Parameters<typeof exportReducer>[1]) =>
      "phase" in action ? action : exportReducer(state, action, withToken),
    { phase: "idle" } as ExportState,
  );
  const onExportEvent = (name: "started" | "progress" | "success" | "error") => (payload: unknown) => {
    if (field(payload, "chatId") !== chatId || exportState.phase === "idle") return;
    dispatchExport({ name, payload: payload as Record<string, unknown> });
  };
  useServerEvent("chat:export:started", onExportEvent("started"));
  useServerEvent("chat:export:progress", onExportEvent("progress"));
  useServerEvent("chat:export:success", onExportEvent("success"));
  useServerEvent("chat:export:error", onExportEvent("error"));

  const startExport = async () => {
    dispatchExport({ phase: "requested", progress: 0 });
    try {
      await api.POST("/messages/chat/export/{chatId}", { path: { chatId } });
    } catch (reason) {
      dispatchExport({ phase: "error", message: failureMessage(reason) });
    }
  };
  const exporting = exportState.phase === "requested" || exportState.phase === "running";

  return (
    <>
      <Conversation
        title={title}
        messages={messages.items}
        loading={messages.loading}
        selfId={selfId}
        names={names}
        online={status.online}
        onSend={(text, fileIds) => send({ chatId, text, fileIds })}
        attachments={uploader}
        files={files}
        fileUrl={(fileId) => withToken(`/api/v1/messages/files/${fileId}`)}
        readOnlyReason={readOnlyReason(status)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setMembersOpen(true)}>Members</Button>
            <Button variant="secondary" loading={exporting} disabled={exporting || !status.online} onClick={() => void startExport()}>
              Export
            </Button>
          </>
        }
        notice={<ExportStatus state={exportState} />}
      />
      <MembersDialog
        open={membersOpen}
        onClose={() => setMembersOpen(false)}
        chatId={chatId}
        kind={kind}
        selfId={selfId}
        selfRole={selfRole}
        onLeft={onLeft}
      />
    </>
  );
}

