import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ContactOption } from "../../../../../sync/schemas/team.ts";
import { createFetchStub, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { CONTACT_MATCHES, ContactPicker } from "./ContactPicker.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });
const lab = { id: randomId(), name: "Sierra Labs", organization: "Sierra Labs", kind: "Lab", fax: "+17755550151", phone: "" };
const heart = { id: randomId(), name: "Dana Heart", organization: "Reno Cardiology", kind: "Specialist", fax: "+17755550141", phone: "" };

describe("ContactPicker", () => {
  it("searches the practice's contacts of a kind and hands back the chosen one", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /contacts/dropdown": (req) => {
        const search = req.url.searchParams.get("search") ?? "";
        return success({ list: [lab, heart].filter((c) => c.name.toLowerCase().includes(search.toLowerCase())) });
      },
    });
    const chosen: (ContactOption | null)[] = [];
    renderWithDeps(<ContactPicker label="Fax recipient" value="" kind="Lab" onChange={(c) => chosen.push(c)} />, signedInDeps(doctor, { fetch: stub.fetch }));
    const select = await screen.findByLabelText("Fax recipient");
    await waitFor(() => expect(screen.getByRole("option", { name: /Sierra Labs/ })).toBeTruthy());
    await user.type(screen.getByLabelText("Search fax recipients"), "dana");
    await waitFor(() => expect(screen.queryByRole("option", { name: /Sierra Labs/ })).toBeNull());
    await user.selectOptions(select, heart.id);
    expect(chosen.at(-1)).toEqual(heart);
    expect(stub.calls.every((c) => c.url.searchParams.get("kind") === "Lab")).toBe(true);
  });

  it("says when the edge's first matches may not be all of them, and not otherwise", async () => {
    const user = userEvent.setup();
    const book = Array.from({ length: 80 }, (_, i) => ({ ...lab, id: randomId(), name: `Contact ${String(i + 1).padStart(2, "0")}` }));
    const stub = createFetchStub({
      "GET /contacts/dropdown": (req) => {
        const search = req.url.searchParams.get("search") ?? "";
        return success({ list: book.filter((c) => c.name.includes(search)).slice(0, CONTACT_MATCHES) });
      },
    });
    renderWithDeps(<ContactPicker label="Fax recipient" value="" onChange={() => {}} />, signedInDeps(doctor, { fetch: stub.fetch }));
    expect(await screen.findByText(`Showing the first ${CONTACT_MATCHES} contacts by name: type part of a name or organization to narrow them.`)).toBeTruthy();
    await user.type(screen.getByLabelText("Search fax recipients"), "Contact 7");
    await waitFor(() => expect(screen.getByRole("option", { name: /Contact 75/ })).toBeTruthy());
    expect(screen.queryByText(/Showing the first \d+ contacts/)).toBeNull();
  });
});
