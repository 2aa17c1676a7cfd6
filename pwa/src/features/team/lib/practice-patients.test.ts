import { describe, expect, it } from "vitest";
import { createFetchStub, randomId, randomUser, signedInDeps, success } from "../../../test/helpers.tsx";
import { allPracticePatients } from "./practice-patients.ts";

const panel = Array.from({ length: 345 }, (_, i) => ({ id: randomId(), firstName: "Pat", lastName: `Patient ${String(i).padStart(3, "0")}` }));

describe("the practice's patients for the tasks' pickers", () => {
  it("reads the whole panel, page after page of 100, in the server's order", async () => {
    const stub = createFetchStub({
      "GET /doctorPatients/list/dropdown": ({ url }) => {
        const offset = Number(url.searchParams.get("offset"));
        const limit = Number(url.searchParams.get("limit"));
        return success({ list: panel.slice(offset, offset + limit), offset, limit, totalCount: panel.length });
      },
    });
    const { api } = signedInDeps(randomUser({ role: "vma" }), { fetch: stub.fetch });
    expect(await allPracticePatients(api)).toEqual(panel);
    expect(stub.calls.map((c) => c.url.searchParams.get("offset"))).toEqual(["0", "100", "200", "300"]);
  });

  it("asks for no more than twice a full panel, whatever the count says", async () => {
    const stub = createFetchStub({
      "GET /doctorPatients/list/dropdown": ({ url }) => success({ list: [], offset: Number(url.searchParams.get("offset")), limit: 100, totalCount: 100_000 }),
    });
    const { api } = signedInDeps(randomUser({ role: "doctor" }), { fetch: stub.fetch });
    await allPracticePatients(api);
    expect(stub.calls).toHaveLength(8);
  });
});
