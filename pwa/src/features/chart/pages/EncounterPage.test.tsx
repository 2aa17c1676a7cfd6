import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Diagnosis } from "../../../../../sync/schemas/diagnosis.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { CONSULTATION_ID, diagnosis, encounter, ENCOUNTER_ID, list, PATIENT_ID } from "../test-fixtures.ts";
import { EncounterPage, type EncounterNotesContext } from "./EncounterPage.tsx";

const doctor = () => randomUser({ role: "doctor", isAccountApproved: true, stripeAccount: "acct_1", isActiveStripeAccount: true });
const vma = () => randomUser({ role: "vma", isAccountApproved: true });
const path = `/doctor/patients/${PATIENT_ID}/encounters/${ENCOUNTER_ID}`;
const NEW_DIAGNOSIS_ID = "3f2b9c1e-0000-4000-8000-0000000000f9";

/** One encounter with its diagnoses, as the chart API keeps them. */
function server(options: { diagnoses?: Diagnosis[]; shared?: boolean } = {}) {
  let enc = encounter({ consultationId: CONSULTATION_ID, details: "Lungs clear", isShared: options.shared ?? false });
  let diagnoses = options.diagnoses ?? [];
  const setShared = (id: string, isShared: boolean) => {
    diagnoses = diagnoses.map((d) => (d.id === id ? { ...d, isShared } : d));
    return success(diagnoses.find((d) => d.id === id));
  };
  return createFetchStub({
    [`GET /encounters/${ENCOUNTER_ID}`]: () => success(enc),
    [`PUT /encounters/${ENCOUNTER_ID}`]: (req) => {
      const body = req.body as { reason: string };
      enc = { ...enc, reason: body.reason };
      return success(enc);
    },
    [`DELETE /encounters/${ENCOUNTER_ID}`]: () => success({ id: ENCOUNTER_ID }),
    [`POST /encounters/send/${ENCOUNTER_ID}`]: () => success((enc = { ...enc, isShared: true })),
    [`POST /encounters/send-all/${ENCOUNTER_ID}`]: () => {
      diagnoses = diagnoses.map((d) => ({ ...d, isShared: true }));
      return success((enc = { ...enc, isShared: true }));
    },
    [`GET /consultations/${CONSULTATION_ID}`]: () => success({ id: CONSULTATION_ID, status: "finished" }),
    [`POST /diagnoses/list/${ENCOUNTER_ID}`]: () => success(list(diagnoses, 0, 100)),
    "GET /diagnoses/list/dropdown": (req) => {
      const q = req.url.searchParams.get("search") ?? "";
      const all = [{ code: "I10", description: "Essential (primary) hypertension" }, { code: "J20.9", description: "Acute bronchitis, unspecified" }];
      return success(all.filter((d) => d.code.startsWith(q.toUpperCase()) || d.description.toLowerCase().includes(q.toLowerCase())));
    },
    [`POST /diagnoses/create/${ENCOUNTER_ID}`]: (req) => {
      const body = req.body as { code: string; comment: string };
      const d = diagnosis({ id: NEW_DIAGNOSIS_ID, code: body.code, description: "Essential (primary) hypertension", comment: body.comment });
      diagnoses = [...diagnoses, d];
      return success(d, 201);
    },
    [`GET /vitals/patient/${PATIENT_ID}`]: () => success([]),
    [`GET /encounterNotes/${ENCOUNTER_ID}/list`]: () => success(list([])),
    [`POST /encounters/download/${ENCOUNTER_ID}`]: () =>
      new Response("%PDF-1.4 test", { status: 200, headers: { "content-type": "application/pdf" } }),
    // The stub matches exact paths: share routes for every diagnosis this test can have.
    ...Object.fromEntries([...diagnoses.map((d) => d.id), NEW_DIAGNOSIS_ID].flatMap((id) => [
      [`PUT /diagnoses/share/${id}`, () => setShared(id, true)],
      [`PUT /diagnoses/unshare/${id}`, () => setShared(id, false)],
    ])),
  });
}

function renderPage(user: AuthUser, stub: ReturnType<typeof createFetchStub>, options: { at?: string; notes?: (ctx: EncounterNotesContext) => void } = {}) {
  const renderNotes = options.notes
    ? (ctx: EncounterNotesContext) => {
      options.notes!(ctx);
      return <p>Notes editor for {ctx.encounterId}</p>;
    }
    : undefined;
  return renderWithDeps(
    <Routes>
      <Route path="/doctor/patients/:patientId/encounters/:encounterId" element={<EncounterPage basePath="/doctor/patients" renderNotes={renderNotes} />} />
      <Route path="/vma/patients/:patientId/encounters/:encounterId" element={<EncounterPage basePath="/vma/patients" renderNotes={renderNotes} />} />
      <Route path="/health-record/encounters/:encounterId" element={<EncounterPage basePath="/health-record" renderNotes={renderNotes} />} />
      <Route path="/doctor/patients/:patientId" element={<p>The chart</p>} />
    </Routes>,
    signedInDeps(user, { fetch: stub.fetch }),
    options.at ?? path,
  );
}

afterEach(() => vi.restoreAllMocks());

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("EncounterPage", { timeout: 20_000 }, () => {
  it("shows the details, the linked consultation's status, and gives the notes slot the encounter and the role", async () => {
    const seen: EncounterNotesContext[] = [];
    renderPage(doctor(), server(), { notes: (ctx) => seen.push(ctx) });
    expect(await screen.findByRole("heading", { level: 1, name: "Cough for a week" })).toBeTruthy();
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByText("Video visit")).toBeTruthy();
    expect(within(details).getByText("Lungs clear")).toBeTruthy();
    expect(await within(details).findByText("Finished")).toBeTruthy();
    expect(within(details).getByRole("link", { name: "Open the consultation" }).getAttribute("href")).toBe(`/consultation/${CONSULTATION_ID}`);
    const notes = screen.getByRole("region", { name: "Notes" });
    expect(within(notes).getByText(`Notes editor for ${ENCOUNTER_ID}`)).toBeTruthy();
    expect(seen.at(-1)).toEqual({ patientId: PATIENT_ID, encounterId: ENCOUNTER_ID, role: "doctor" });
    expect(screen.getByRole("link", { name: /Back to the chart/ }).getAttribute("href")).toBe(`/doctor/patients/${PATIENT_ID}?section=encounters`);
  });

  it("adds a diagnosis picked from the ICD-10 list by keyboard, then shares it", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderPage(doctor(), stub);
    const panel = await screen.findByRole("region", { name: "Diagnoses" });
    expect(await within(panel).findByText("No diagnoses yet")).toBeTruthy();
    await user.click(within(panel).getByRole("button", { name: "Add diagnosis" }));
    const dialog = screen.getByRole("dialog", { name: "Add a diagnosis" });
    await user.click(within(dialog).getByRole("button", { name: "Add diagnosis" }));
    expect(within(dialog).getByText("Choose a diagnosis from the list")).toBeTruthy();
    const combo = within(dialog).getByRole("combobox", { name: "Diagnosis (ICD-10)" });
    await user.type(combo, "hyper");
    const option = await within(dialog).findByRole("option", { name: "I10 Essential (primary) hypertension" });
    expect(combo.getAttribute("aria-expanded")).toBe("true");
    expect(combo.getAttribute("aria-activedescendant")).toBe(option.id);
    await user.keyboard("{Enter}");
    expect((combo as HTMLInputElement).value).toBe("I10 Essential (primary) hypertension");
    expect(combo.getAttribute("aria-expanded")).toBe("false");
    await user.type(within(dialog).getByLabelText("Comment (optional)"), "Home readings high");
    await user.click(within(dialog).getByRole("button", { name: "Add diagnosis" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.path === `/diagnoses/create/${ENCOUNTER_ID}`)?.body).toEqual({ code: "I10", comment: "Home readings high" });
    const item = within(panel).getByRole("listitem");
    expect(within(item).getByText("Not shared")).toBeTruthy();
    await user.click(within(item).getByRole("button", { name: "Share I10" }));
    expect(await within(item).findByText("Shared with the patient")).toBeTruthy();
    expect(within(item).getByRole("button", { name: "Unshare I10" })).toBeTruthy();
    expect(stub.calls.at(-1)).toMatchObject({ method: "PUT", path: `/diagnoses/share/${NEW_DIAGNOSIS_ID}` });
  });

  it("sends the encounter, then sends all (its diagnoses become shared), each after a confirmation", async () => {
    const user = userEvent.setup();
    const stub = server({ diagnoses: [diagnosis()] });
    renderPage(doctor(), stub);
    const header = (await screen.findByRole("heading", { level: 1 })).closest("header")!;
    expect(within(header).getByText("Not sent")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send to the patient" }));
    await user.click(within(screen.getByRole("dialog", { name: "Send this encounter to the patient?" })).getByRole("button", { name: "Send" }));
    expect(await within(header).findByText("Sent to the patient")).toBeTruthy();
    const panel = screen.getByRole("region", { name: "Diagnoses" });
    expect(within(panel).getByText("Not shared")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send all" }));
    await user.click(within(screen.getByRole("dialog", { name: "Send everything to the patient?" })).getByRole("button", { name: "Send all" }));
    expect(await within(panel).findByText("Shared with the patient")).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === "POST" && c.path.includes("/send")).map((c) => c.path)).toEqual([
      `/encounters/send/${ENCOUNTER_ID}`, `/encounters/send-all/${ENCOUNTER_ID}`,
    ]);
  });

  it("edits the encounter and deletes it after a confirmation, back to the chart", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderPage(doctor(), stub);
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit encounter" });
    expect((within(dialog).getByLabelText("Type") as HTMLSelectElement).value).toBe("video");
    await user.clear(within(dialog).getByLabelText("Reason"));
    await user.type(within(dialog).getByLabelText("Reason"), "Cough, better");
    await user.click(within(dialog).getByRole("button", { name: "Save encounter" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Cough, better" })).toBeTruthy();
    expect(stub.calls.find((c) => c.method === "PUT")?.body).toMatchObject({ type: "video", reason: "Cough, better", details: "Lungs clear" });

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete this encounter?" })).getByRole("button", { name: "Delete encounter" }));
    expect(await screen.findByText("The chart")).toBeTruthy();
    expect(stub.calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("downloads a PDF of the chosen fields, refusing none", async () => {
    const user = userEvent.setup();
    const stub = server();
    const created = vi.fn(() => "blob:pdf");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderPage(vma(), stub, { at: `/vma/patients/${PATIENT_ID}/encounters/${ENCOUNTER_ID}` });
    await user.click(await screen.findByRole("button", { name: "Download PDF" }));
    const dialog = screen.getByRole("dialog", { name: "Download as PDF" });
    for (const name of ["Details", "Notes", "Diagnoses", "Vitals"]) await user.click(within(dialog).getByLabelText(name));
    await user.click(within(dialog).getByRole("button", { name: "Download PDF" }));
    expect(within(dialog).getByText("Choose at least one field")).toBeTruthy();
    await user.click(within(dialog).getByLabelText("Diagnoses"));
    await user.click(within(dialog).getByLabelText("Medical card"));
    await user.click(within(dialog).getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(clicks).toEqual(["encounter-2026-01-10.pdf"]));
    expect(stub.calls.find((c) => c.path.startsWith("/encounters/download"))?.body).toEqual({ fields: ["diagnoses", "medicalCard"] });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("gives a VMA no doctor's actions and no diagnosis changes", async () => {
    renderPage(vma(), server({ diagnoses: [diagnosis()] }), { at: `/vma/patients/${PATIENT_ID}/encounters/${ENCOUNTER_ID}` });
    await screen.findByRole("heading", { level: 1, name: "Cough for a week" });
    const actions = screen.getByRole("group", { name: "Encounter actions" });
    expect(within(actions).getAllByRole("button").map((b) => b.textContent)).toEqual(["Download PDF", "Fax"]);
    const panel = screen.getByRole("region", { name: "Diagnoses" });
    expect(await within(panel).findByText("J20.9")).toBeTruthy();
    expect(within(panel).queryByRole("button")).toBeNull();
  });

  it("is read-only for the patient at /health-record/encounters/:id, with the notes slot told the role", async () => {
    const seen: EncounterNotesContext[] = [];
    const patient = randomUser({ id: PATIENT_ID, role: "patient" });
    renderPage(patient, server({ shared: true, diagnoses: [diagnosis({ isShared: true })] }), {
      at: `/health-record/encounters/${ENCOUNTER_ID}`,
      notes: (ctx) => seen.push(ctx),
    });
    await screen.findByRole("heading", { level: 1, name: "Cough for a week" });
    expect(within(screen.getByRole("group", { name: "Encounter actions" })).getAllByRole("button").map((b) => b.textContent)).toEqual(["Download PDF"]);
    expect(screen.queryByText("Sent to the patient")).toBeNull();
    expect(await screen.findByText("J20.9")).toBeTruthy();
    expect(screen.queryByText("Shared with the patient")).toBeNull();
    expect(seen.at(-1)).toEqual({ patientId: PATIENT_ID, encounterId: ENCOUNTER_ID, role: "patient" });
    expect(screen.getByRole("link", { name: /Your health record/ }).getAttribute("href")).toBe("/health-record");
  });
});
