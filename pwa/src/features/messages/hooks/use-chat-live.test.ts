import { describe, expect, it } from "vitest";
import { unreadCounts, UNREAD_COUNT_PAGE, UNREAD_COUNT_PAGES } from "./use-chat-live.ts";

/** `GET /messages/chats` over `total` chats, the most recent first, each with `unread(i)` unread messages. */
function chatsApi(total: number, unread: (i: number) => number) {
  const asked: number[] = [];
  const api = {
    GET(path: string, options: { query: { offset: number; limit: number } }) {
      expect(path).toBe("/messages/chats");
      asked.push(options.query.offset);
      const list = Array.from({ length: total }, (_, i) => ({ chatId: `chat-${i}`, unreadCount: unread(i) }))
        .slice(options.query.offset, options.query.offset + options.query.limit);
      return Promise.resolve({ list });
    },
  };
  return { api: api as never, asked };
}

describe("unreadCounts", () => {
  it("keeps the counts of the pages read when a later page fails", async () => {
    const { api } = chatsApi(420, () => 4);
    type Get = (path: string, options: { query: { offset: number; limit: number } }) => Promise<unknown>;
    const failing: { GET: Get } = {
      GET: (path, options) => options.query.offset >= UNREAD_COUNT_PAGE ? Promise.reject(new Error("offline")) : (api as { GET: Get }).GET(path, options),
    };
    expect(await unreadCounts(failing as never, ["chat-5", "chat-300"])).toEqual({ "chat-5": 4 });
  });

  it("counts an unread chat far down the list, reading pages only until every unread chat is counted", async () => {
    const { api, asked } = chatsApi(420, (i) => i % 7);
    expect(await unreadCounts(api, ["chat-3", "chat-250"])).toEqual({ "chat-3": 3, "chat-250": 250 % 7 });
    expect(asked).toEqual([0, UNREAD_COUNT_PAGE, 2 * UNREAD_COUNT_PAGE]);
  });

  it("asks nothing when no chat is unread, and stops at the end of the list or after the last page it reads", async () => {
    const none = chatsApi(420, () => 0);
    expect(await unreadCounts(none.api, [])).toEqual({});
    expect(none.asked).toEqual([]);
    const short = chatsApi(40, () => 2);
    expect(await unreadCounts(short.api, ["chat-1", "left-the-chat"])).toEqual({ "chat-1": 2 });
    expect(short.asked).toEqual([0]);
    const long = chatsApi(2000, () => 1);
    expect(await unreadCounts(long.api, ["chat-1999"])).toEqual({});
    expect(long.asked).toHaveLength(UNREAD_COUNT_PAGES);
  });
});
