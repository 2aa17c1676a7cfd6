import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../../../sync/schemas/problem.ts";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { chartPermissions } from "../lib/permissions.ts";
import { PATIENT_ID, problem } from "../test-fixtures.ts";
import { ProblemsSection } from "./ProblemsSection.tsx";

const ASTHMA = problem({ name: "Asthma", code: "J45.909", onset: "2015" });

function server(initial: Problem[] = [ASTHMA]) {
  let problems = [...initial];
  const shared = (isShared: boolean) => () => {
    problems = problems.map((p) => (p.id === ASTHMA.id ? { ...p, isShared } : p));
    return success(problems.find((p) => p.id === ASTHMA.id));
  };
  return createFetchStub({
    [`GET /problems/patient/${PATIENT_ID}`]: () => success(problems),
    [`POST /problems/patient/${PATIENT_ID}`]: (req) => {
      const p = problem({ ...(req.body as Partial<Problem>) });
      problems = [p, ...problems];
      return success(p, 201);
    },
    [`PUT /problems/${ASTHMA.id}/share`]: shared(true),
    [`PUT /problems/${ASTHMA.id}/unshare`]: shared(false),
    [`DELETE /problems/${ASTHMA.id}`]: () => success({ id: ASTHMA.id }),
  });
}

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("ProblemsSection", { timeout: 20_000 }, () => {
  it("adds a problem; empty optional fields (code, since) are fine, a malformed one is named", async () => {
    const user = userEvent.setup();
    const stub = server([]);
    renderWithDeps(<ProblemsSection patientId={PATIENT_ID} permissions={chartPermissions("vma")} />, makeDeps({ fetch: stub.fetch }));
    expect(await screen.findByText("No problems recorded")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add problem" }));
    const dialog = screen.getByRole("dialog", { name: "Add a problem" });
    await user.type(within(dialog).getByRole("textbox", { name: "Problem" }), "Migraine");
    await user.type(within(dialog).getByLabelText("ICD-10 code (optional)"), "headache");
    await user.click(within(dialog).getByRole("button", { name: "Add problem" }));
    expect(within(dialog).getByText("Invalid ICD-10 code")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText("ICD-10 code (optional)"));
    await user.click(within(dialog).getByRole("button", { name: "Add problem" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Migraine", status: "active", onset: "", comment: "" });
    const item = screen.getByRole("listitem");
    expect(item.textContent).toContain("Migraine");
    expect(within(item).getByText("Not shared")).toBeTruthy();
  });

  it("lets the doctor share, unshare and delete (after a confirmation)", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderWithDeps(<ProblemsSection patientId={PATIENT_ID} permissions={chartPermissions("doctor")} />, makeDeps({ fetch: stub.fetch }));
    const item = await screen.findByRole("listitem");
    expect(item.textContent).toContain("Asthma (J45.909)");
    expect(item.textContent).toContain("Active · since 2015");
    await user.click(within(item).getByRole("button", { name: "Share Asthma" }));
    expect(await within(item).findByText("Shared with the patient")).toBeTruthy();
    await user.click(within(item).getByRole("button", { name: "Unshare Asthma" }));
    expect(await within(item).findByText("Not shared")).toBeTruthy();
    await user.click(within(item).getByRole("button", { name: "Delete Asthma" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete this problem?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No problems recorded")).toBeTruthy();
    expect(stub.calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /problems/${ASTHMA.id}/share`, `PUT /problems/${ASTHMA.id}/unshare`, `DELETE /problems/${ASTHMA.id}`,
    ]);
  });

  it("keeps a failed delete's message in the dialog", async () => {
    const user = userEvent.setup();
    const stub = server();
    stub.handlers[`DELETE /problems/${ASTHMA.id}`] = () => failure(403, "Only the patient's doctor may delete a problem");
    renderWithDeps(<ProblemsSection patientId={PATIENT_ID} permissions={chartPermissions("doctor")} />, makeDeps({ fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Delete Asthma" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this problem?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText("Only the patient's doctor may delete a problem")).toBeTruthy();
    expect(screen.getByText("Asthma (J45.909)")).toBeTruthy();
  });

  it("gives a VMA no share or delete (the doctor's, 02 §6)", async () => {
    renderWithDeps(<ProblemsSection patientId={PATIENT_ID} permissions={chartPermissions("vma")} />, makeDeps({ fetch: server().fetch }));
    const item = await screen.findByRole("listitem");
    expect(within(item).queryByRole("button")).toBeNull();
    expect(screen.getByRole("button", { name: "Add problem" })).toBeTruthy();
  });
});
