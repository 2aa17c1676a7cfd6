import { Link, useSearchParams } from "react-router";
import { readOnlyReason } from "../../../app/local-data.ts";
import { EmptyState, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useChatMessages, useChats, useSendMessage, useSyncStatus } from "../../sync/index.ts";
import type { SyncStatus } from "../../sync/contract.ts";
import { chatTitle, type NameById } from "../chat-display.ts";
import { ChatList } from "../components/ChatList.tsx";
import { Conversation } from "../components/Conversation.tsx";
import { useUserNames } from "../hooks/use-user-names.ts";

/**
 * `/messages`: the chat list beside the open conversation (`?chat=<id>`). On a
 * phone they are two panes: the list, or the conversation with a way back.
 */
export function MessagesPage() {
  const self = useCurrentUser();
  const [params] = useSearchParams();
  const chatId = params.get("chat");
  const chats = useChats();
  const status = useSyncStatus();
  const names = useUserNames(chats.items.flatMap((chat) => chat.memberIds).filter((id) => id !== self.id));
  const chat = chatId ? chats.items.find((c) => c.id === chatId && !c._deleted) ?? null : null;

  return (
    <div className="messages-page stack">
      <title>Messages · DPC Telehealth</title>
      <h1 className={chatId ? "messages-page__title--with-chat" : undefined}>Messages</h1>
      <div className={chatId ? "messages messages--conversation" : "messages messages--list"}>
        <ChatList chats={chats.items} loading={chats.loading} selectedId={chatId} selfId={self.id} names={names} />
        <div className="messages__pane">
          {!chatId && <EmptyState title="Choose a chat">Pick a conversation from the list to read and write messages.</EmptyState>}
          {chatId && chat && (
            <OpenChat
              key={chat.id}
              chatId={chat.id}
              title={chatTitle(chat, self.id, names)}
              selfId={self.id}
              names={names}
              status={status}
            />
          )}
          {chatId && !chat && chats.loading && <Spinner size={32} label="Loading the chat" />}
          {chatId && !chat && !chats.loading && (
            <EmptyState title="This chat is not available" action={<Link to={{ search: "" }}>Back to your chats</Link>}>
              It may have been removed, or you are no longer a member.
            </EmptyState>
          )}
        </div>
      </div>
    </div>
  );
}

function OpenChat(
  { chatId, title, selfId, names, status }: { chatId: string; title: string; selfId: string; names: NameById; status: SyncStatus },
) {
  const messages = useChatMessages(chatId);
  const send = useSendMessage();
  return (
    <Conversation
      title={title}
      messages={messages.items}
      loading={messages.loading}
      selfId={selfId}
      names={names}
      online={status.online}
      onSend={(text) => send({ chatId, text })}
      readOnlyReason={readOnlyReason(status)}
    />
  );
}

