import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ContactView } from "../../../../../sync/schemas/team.ts";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, type StubRequest, success } from "../../../test/helpers.tsx";
import { CONTACTS_PAGE, ContactsPage } from "./ContactsPage.tsx";

const contact = (i: number): ContactView => ({
  id: crypto.randomUUID(), name: `Contact ${String(i).padStart(3, "0")}`, organization: "", kind: "Specialist", phone: "", fax: "",
  email: "", address: "", notes: "", createdAt: "2026-01-10T15:00:00.000Z", updatedAt: "2026-01-10T15:00:00.000Z",
});

/** `POST /contacts/list` as the edge pages it: offset and limit in the body. */
const listed = (rows: () => readonly ContactView[]) => ({ body }: StubRequest) => {
  const { offset = 0, limit = 20 } = body as { offset?: number; limit?: number };
  return success({ list: rows().slice(offset, offset + limit), offset, limit, totalCount: rows().length });
};
const lastBody = (calls: StubRequest[]) => calls.filter((c) => c.path === "/contacts/list").at(-1)!.body as { offset: number; limit: number };

describe("ContactsPage", { timeout: 20_000 }, () => {
  it("pages through the contacts with the shared pager, the offset asked of the server", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 45 }, (_, i) => contact(i + 1));
    const stub = createFetchStub({ "POST /contacts/list": listed(() => all) });
    renderWithDeps(<ContactsPage />, signedInDeps(randomUser({ role: "doctor" }), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Contacts pages" });
    expect(within(pages).getByText(`1–${CONTACTS_PAGE} of 45`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText(`${CONTACTS_PAGE + 1}–${2 * CONTACTS_PAGE} of 45`)).toBeTruthy();
    expect(lastBody(stub.calls)).toMatchObject({ offset: CONTACTS_PAGE, limit: CONTACTS_PAGE });
    expect(await screen.findByText("Contact 021")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText(`1–${CONTACTS_PAGE} of 45`)).toBeTruthy();
    expect(lastBody(stub.calls).offset).toBe(0);
  });

  it("the last contact of the last page deleted: back to the last page that has contacts", async () => {
    const user = userEvent.setup();
    let all = Array.from({ length: 2 * CONTACTS_PAGE + 1 }, (_, i) => contact(i + 1));
    const last = all[all.length - 1];
    const stub = createFetchStub({
      "POST /contacts/list": listed(() => all),
      [`DELETE /contacts/${last.id}`]: () => {
        all = all.filter((c) => c.id !== last.id);
        return success({ id: last.id });
      },
    });
    renderWithDeps(<ContactsPage />, signedInDeps(randomUser({ role: "doctor" }), { fetch: stub.fetch }));
    await user.click(within(await screen.findByRole("navigation", { name: "Contacts pages" })).getByRole("button", { name: "Next" }));
    await user.click(within(await screen.findByRole("navigation", { name: "Contacts pages" })).getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: `Delete ${last.name}` }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(`${CONTACTS_PAGE + 1}–${2 * CONTACTS_PAGE} of ${2 * CONTACTS_PAGE}`)).toBeTruthy();
    await waitFor(() => expect(lastBody(stub.calls).offset).toBe(CONTACTS_PAGE));
    expect(screen.getByText(`Contact ${String(2 * CONTACTS_PAGE).padStart(3, "0")}`)).toBeTruthy();
  });
});
