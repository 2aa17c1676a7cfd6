import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api/index.ts";
import { useOnlineQuery } from "./use-online-query.ts";

const notFound = () => Promise.reject(new ApiError({ message: "No such encounter", code: 404 }));
/** One REST cache per test, as the app has one. */
function withQueries() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("useOnlineQuery", () => {
  it("online, a copy recorded on this device and not yet sent stands in for the server's 404 (issue 31)", async () => {
    const device = { copy: { reason: "Home visit" }, version: "0", notOnServerYet: true };
    const { result } = renderHook(() => useOnlineQuery({ queryKey: ["encounter"], queryFn: notFound }, device), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual({ reason: "Home visit" });
    expect([result.current.fromDevice, result.current.error]).toEqual([true, null]);
  });

  it("a 404 is said when the copy is the server's (not waiting here)", async () => {
    const device = { copy: { reason: "Deleted elsewhere" }, version: "9", notOnServerYet: false };
    const { result } = renderHook(() => useOnlineQuery({ queryKey: ["encounter"], queryFn: notFound }, device), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.error).toBe("No such encounter"));
    expect([result.current.fromDevice, result.current.data]).toEqual([false, undefined]);
  });
});
