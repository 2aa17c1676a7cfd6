import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR_CODE } from "../../../lib/api/api-error.ts";
import { useServerOrDevice } from "./use-server-or-device.ts";

const notFound = () => Promise.reject(new ApiError({ message: "No such encounter", code: 404 }));
const noAnswer = () => Promise.reject(new ApiError({ message: "Cannot reach the server.", code: NETWORK_ERROR_CODE }));
/** One REST cache per test, as the app has one. */
function withQueries() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

describe("useServerOrDevice", () => {
  it("online, a copy recorded on this device and not yet sent stands in for the server's 404 (issue 31)", async () => {
    const device = { copy: { reason: "Home visit" }, version: "0", notOnServerYet: true };
    const { result } = renderHook(() => useServerOrDevice({ queryKey: ["encounter"], queryFn: notFound }, device), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual({ reason: "Home visit" });
    expect([result.current.fromDevice, result.current.error]).toEqual([true, null]);
  });

  it("a 404 is said when the copy is the server's (not waiting here)", async () => {
    const device = { copy: { reason: "Deleted elsewhere" }, version: "9", notOnServerYet: false };
    const { result } = renderHook(() => useServerOrDevice({ queryKey: ["encounter"], queryFn: notFound }, device), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.error).toBe("No such encounter"));
    expect([result.current.fromDevice, result.current.data]).toEqual([false, undefined]);
  });

  it("a request with no answer says offline, not an error, and is not asked again", async () => {
    const queryFn = vi.fn(noAnswer);
    const { result } = renderHook(() => useServerOrDevice({ queryKey: ["list"], queryFn, retryOnce: true }), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.offline).toBe(true));
    expect([result.current.error, result.current.data, result.current.fromDevice]).toEqual([null, undefined, false]);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("with no network it asks nothing and says offline", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const queryFn = vi.fn(() => Promise.resolve(["a"]));
    const { result } = renderHook(() => useServerOrDevice({ queryKey: ["list"], queryFn }), { wrapper: withQueries() });
    expect([result.current.offline, result.current.loading]).toEqual([true, false]);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("asks again when `refreshOn` changes (a replicated change reached the device)", async () => {
    let answer = "first";
    const queryFn = vi.fn(() => Promise.resolve(answer));
    const { result, rerender } = renderHook(
      ({ refreshOn }) => useServerOrDevice({ queryKey: ["list"], queryFn, refreshOn }),
      { wrapper: withQueries(), initialProps: { refreshOn: "a:1" } },
    );
    await waitFor(() => expect(result.current.data).toBe("first"));
    answer = "second";
    rerender({ refreshOn: "a:2" });
    await waitFor(() => expect(result.current.data).toBe("second"));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
