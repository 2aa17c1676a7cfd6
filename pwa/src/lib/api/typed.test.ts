import { describe, expect, expectTypeOf, it } from "vitest";
import type { Problem } from "../../../../sync/schemas/problem.ts";
import { createFetchStub, makeDeps, storedTokens, success } from "../../test/helpers.tsx";
import { fillPath } from "./typed.ts";

const problem: Problem = {
  id: "0b6b8a4e-8d1c-4c36-9b7e-8f6f2d9f1a10", patientId: "7d1c7d5e-6a0f-4f5e-9d8a-2a3b4c5d6e7f", name: "Asthma", code: "J45",
  status: "active", onset: "", comment: "", isShared: false, createdBy: "7d1c7d5e-6a0f-4f5e-9d8a-2a3b4c5d6e7f", createdAt: "2026-11-29T09:00:00.000Z",
};

describe("typed API calls", () => {
  it("fill the documented path's parameters, encoded, and answer the declared result", async () => {
    const stub = createFetchStub({ "GET /problems/patient/a%2Fb": () => success([problem]) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    const call = api.GET("/problems/patient/{id}", { path: { id: "a/b" } });
    expectTypeOf(call).resolves.toEqualTypeOf<Problem[]>();
    await expect(call).resolves.toEqual([problem]);
    expect(stub.calls[0].headers.get("Authorization")).toBe("Bearer t");
  });

  it("send the declared body as JSON", async () => {
    const stub = createFetchStub({ "POST /problems/patient/p1": () => success(problem) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    await api.POST("/problems/patient/{id}", { path: { id: "p1" }, body: { name: "Asthma", status: "active", comment: "" } });
    expect(stub.calls[0].body).toEqual({ name: "Asthma", status: "active", comment: "" });
  });

  it("answer a file's raw response through RAW, with the same path filling", async () => {
    const stub = createFetchStub({ "GET /users/u%201/sign": () => new Response("png-bytes", { headers: { "Content-Type": "image/png" } }) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "t" });
    const res = await api.RAW("GET", "/users/{id}/sign", { path: { id: "u 1" } });
    expectTypeOf(res).toEqualTypeOf<Response>();
    expect(await res.text()).toBe("png-bytes");
  });

  it("refuse at compile time what the route does not declare", () => {
    const { api } = makeDeps({ fetch: createFetchStub({}).fetch });
    const never = () => {
      // @ts-expect-error the path parameter is required
      void api.GET("/problems/patient/{id}");
      // @ts-expect-error a path the API does not have
      void api.GET("/problems/nowhere");
      // @ts-expect-error the body's status is one of the declared values
      void api.POST("/problems/patient/{id}", { path: { id: "p" }, body: { name: "x", status: "gone" } });
      // @ts-expect-error a call that declares no body takes none
      void api.GET("/problems/patient/{id}", { path: { id: "p" }, body: { name: "x" } });
      // A route that reads a form takes it as multipart alone (files with it) …
      void api.POST("/documents", { form: new FormData() });
      // @ts-expect-error … or as JSON, never both
      void api.POST("/documents", { form: new FormData(), body: { name: "x" } });
    };
    expect(typeof never).toBe("function");
  });

  it("fillPath names a missing parameter", () => {
    expect(() => fillPath("/a/{id}", {})).toThrow(/needs id/);
    expect(fillPath("/a/{id}/b/{n}", { id: "x y", n: 2 })).toBe("/a/x%20y/b/2");
  });
});
