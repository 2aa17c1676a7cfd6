import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, pagedList, randomUser, renderWithDeps, signedInDeps, type StubRequest } from "../../../test/helpers.tsx";
import { PAGE_SIZE } from "../hooks/use-user-list.ts";
import { AdminUsersPage } from "./AdminUsersPage.tsx";

const lastQuery = (calls: StubRequest[]) => calls.filter((c) => c.path.startsWith("/users/role/")).at(-1)!.url;

describe("AdminUsersPage", { timeout: 20_000 }, () => {
  it("pages through the users with the shared pager; another role starts at the first page", async () => {
    const user = userEvent.setup();
    const patients = Array.from({ length: 45 }, (_, i) => randomUser({ role: "patient", firstName: "Pat", lastName: `Number${String(i + 1).padStart(3, "0")}` }));
    const stub = createFetchStub({ "GET /users/role/patient": pagedList(patients), "GET /users/role/doctor": pagedList([]) });
    renderWithDeps(<AdminUsersPage />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }), "/admin/patients");
    const pages = await screen.findByRole("navigation", { name: "Users pages" });
    expect(within(pages).getByText(`1–${PAGE_SIZE} of 45`)).toBeTruthy();
    expect(within(pages).getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText(`${PAGE_SIZE + 1}–${2 * PAGE_SIZE} of 45`)).toBeTruthy();
    expect(lastQuery(stub.calls).searchParams.get("offset")).toBe(String(PAGE_SIZE));
    expect(lastQuery(stub.calls).searchParams.get("limit")).toBe(String(PAGE_SIZE));
    expect(await screen.findByText("Pat Number021")).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText(`${2 * PAGE_SIZE + 1}–45 of 45`)).toBeTruthy();
    expect(within(pages).getByRole("button", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");

    await user.selectOptions(screen.getByLabelText("Role"), "doctor");
    await waitFor(() => expect(lastQuery(stub.calls).pathname).toMatch(/\/users\/role\/doctor$/));
    expect(lastQuery(stub.calls).searchParams.get("offset")).toBe("0");
  });
});
