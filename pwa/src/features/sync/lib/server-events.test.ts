import { describe, expect, it } from "vitest";
import { createServerEvents } from "./server-events.ts";

describe("server events bus", () => {
  it("delivers each event to its handlers until they unsubscribe, even when one throws", () => {
    const bus = createServerEvents();
    const seen: unknown[] = [];
    const off = bus.on("chat:read", (payload) => seen.push(payload));
    bus.on("chat:read", () => {
      throw new Error("broken handler");
    });
    bus.dispatch("chat:read", { chatId: "a" });
    bus.dispatch("chat:new", { chatId: "b" });
    off();
    bus.dispatch("chat:read", { chatId: "c" });
    expect(seen).toEqual([{ chatId: "a" }]);
  });

  it("emits only through a connected socket", () => {
    const bus = createServerEvents();
    const sent: unknown[][] = [];
    expect(bus.emit("online:init", {})).toBe(false);
    const socket = { connected: false, emit: (...args: unknown[]) => sent.push(args) };
    bus.attach(socket);
    expect(bus.emit("online:init", {})).toBe(false);
    socket.connected = true;
    expect(bus.emit("online:init", { userId: "u" })).toBe(true);
    bus.attach(null);
    expect(bus.emit("online:init", {})).toBe(false);
    expect(sent).toEqual([["online:init", { userId: "u" }]]);
  });
});
