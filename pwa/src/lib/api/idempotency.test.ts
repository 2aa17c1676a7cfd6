/** Every POST carries one Idempotency-Key per call, kept across the client's own retry (client.ts, point 5). */
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, makeDeps, storedTokens, success, transportOf } from "../../test/helpers.tsx";
import { toFormData } from "./multipart.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const keyOf = (call: { headers: Headers }) => call.headers.get("Idempotency-Key");

/** `path` answers 401 to the first token and `result` to the refreshed one. */
function refreshingStub(method: string, path: string, result: unknown = { id: "m1" }) {
  return createFetchStub({
    [`${method} ${path}`]: (req) => req.headers.get("Authorization") === "Bearer new-access" ? success(result, 201) : failure(401, "Unauthorized"),
    "POST /users/refreshToken": () => success({ accessToken: "new-access" }),
  });
}

describe("Idempotency-Key", () => {
  it("a POST sends a new UUID per call", async () => {
    const stub = createFetchStub({ "POST /problems/patient/p1": () => success({ id: "pr1" }, 201) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    const body = { name: "Asthma", status: "active", comment: "" } as const;
    await api.POST("/problems/patient/{id}", { path: { id: "p1" }, body });
    await api.POST("/problems/patient/{id}", { path: { id: "p1" }, body });
    const [first, second] = stub.calls.map(keyOf);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it("the retry after a token refresh sends the same key", async () => {
    const stub = refreshingStub("POST", "/consultations");
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "old-access" });
    await expect(transportOf(api).post("/consultations", { doctorId: "d1" })).resolves.toEqual({ id: "m1" });
    const sent = stub.calls.filter((c) => c.path === "/consultations");
    expect(sent.map((c) => c.headers.get("Authorization"))).toEqual(["Bearer old-access", "Bearer new-access"]);
    expect(keyOf(sent[0])).toMatch(UUID);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    // The refresh itself is not a create.
    expect(keyOf(stub.calls.find((c) => c.path === "/users/refreshToken")!)).toBeNull();
  });

  it("a multipart or raw POST keeps its key across the retry too", async () => {
    const stub = refreshingStub("POST", "/documents");
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "old-access" });
    await transportOf(api).request("POST", "/documents", { form: toFormData({ title: "Scan" }) });
    const raw = refreshingStub("POST", "/encounters/download/e1");
    const deps = makeDeps({ fetch: raw.fetch, storage: storedTokens(), accessToken: "old-access" });
    await transportOf(deps.api).fetchRaw("POST", "/encounters/download/e1", { body: {} });
    for (const calls of [stub.calls.filter((c) => c.path === "/documents"), raw.calls.filter((c) => c.path === "/encounters/download/e1")]) {
      expect(calls).toHaveLength(2);
      expect(keyOf(calls[0])).toMatch(UUID);
      expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    }
  });

  it("a key the caller keeps (option or header) is sent as given", async () => {
    const stub = createFetchStub({ "POST /contactus": () => success({ received: true }, 201) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    const body = { name: "Ann", email: "ann@example.test", subject: "Hello", message: "A question" };
    await api.POST("/contactus", { body, idempotencyKey: "form-7" });
    await transportOf(api).post("/contactus", body, { headers: { "idempotency-key": "own-header" } });
    expect(stub.calls.map(keyOf)).toEqual(["form-7", "own-header"]);
  });

  it("GET, PUT and DELETE send none", async () => {
    const stub = createFetchStub({ "GET /x": () => success(1), "PUT /x": () => success(1), "DELETE /x": () => success(1) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    const t = transportOf(api);
    await t.get("/x");
    await t.put("/x", {});
    await t.delete("/x");
    expect(stub.calls.map(keyOf)).toEqual([null, null, null]);
  });
});
