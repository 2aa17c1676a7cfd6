import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { VmaView } from "../../../../../sync/schemas/team.ts";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { VmasSettings } from "./VmasSettings.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });

function team(initial: VmaView[] = []) {
  let vmas = [...initial];
  return createFetchStub({
    "GET /vmas/list": () => success({ list: vmas }),
    "POST /vmas": (req) => {
      const body = req.body as { email: string; firstName: string; lastName: string };
      if (body.email === "pat@example.test") {
        return failure(400, "This email does not belong to a VMA", { reason: "NOT_A_VMA", fields: { email: "This email does not belong to a VMA" } });
      }
      const vma = { id: randomId(), ...body, passwordSet: false };
      vmas = [...vmas, vma];
      return success({ ...vma, invited: true });
    },
    "POST /vmas/detach": (req) => {
      vmas = vmas.filter((v) => v.id !== (req.body as { vmaId: string }).vmaId);
      return success({ detached: true });
    },
    "POST /vmas/doctor/reset/password": () => success({ sent: true }),
  });
}

describe("Settings → Manage VMAs", () => {
  it("shows the empty state, invites, and lists the invitation as pending", async () => {
    const user = userEvent.setup();
    const stub = team();
    renderWithDeps(<VmasSettings />, signedInDeps(doctor, { fetch: stub.fetch }));
    await screen.findByText("No assistants yet");
    const form = screen.getByRole("form", { name: "Invite a VMA" });
    await user.type(within(form).getByLabelText("Email"), "nia@example.test");
    await user.type(within(form).getByLabelText("First name"), "Nia");
    await user.type(within(form).getByLabelText("Last name"), "Vale");
    await user.click(within(form).getByRole("button", { name: "Invite" }));
    const list = await screen.findByRole("list", { name: "Your VMAs" });
    expect(within(list).getByText(/nia@example\.test · invitation pending/)).toBeTruthy();
    expect(stub.calls.find((c) => c.method === "POST")?.body).toEqual({ email: "nia@example.test", firstName: "Nia", lastName: "Vale" });
  });

  it("puts the server's refusal beside the email field", async () => {
    const user = userEvent.setup();
    renderWithDeps(<VmasSettings />, signedInDeps(doctor, { fetch: team().fetch }));
    const form = screen.getByRole("form", { name: "Invite a VMA" });
    await user.type(within(form).getByLabelText("Email"), "pat@example.test");
    await user.type(within(form).getByLabelText("First name"), "Pat");
    await user.type(within(form).getByLabelText("Last name"), "Patient");
    await user.click(within(form).getByRole("button", { name: "Invite" }));
    const email = within(form).getByLabelText("Email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getAllByText("This email does not belong to a VMA").length).toBeGreaterThan(0);
  });

  it("detaches after a confirmation and resets a password", async () => {
    const user = userEvent.setup();
    const vma = { id: randomId(), firstName: "Vic", lastName: "Tor", email: "vic@example.test", passwordSet: true };
    const stub = team([vma]);
    renderWithDeps(<VmasSettings />, signedInDeps(doctor, { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Reset password of Vic Tor" }));
    await screen.findByText("A password link was sent to vic@example.test");
    await user.click(screen.getByRole("button", { name: "Detach Vic Tor" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Detach" }));
    await screen.findByText("No assistants yet");
    expect(stub.calls.filter((c) => c.path === "/vmas/detach").map((c) => c.body)).toEqual([{ vmaId: vma.id }]);
  });
});
