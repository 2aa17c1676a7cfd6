import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Vitals } from "../../../../../sync/schemas/vitals.ts";
import { createFetchStub, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { chartPermissions } from "../lib/permissions.ts";
import { ENCOUNTER_ID, PATIENT_ID, vitals } from "../test-fixtures.ts";
import { ENCOUNTER_CHOICES } from "./VitalsForm.tsx";
import { VitalsSection } from "./VitalsSection.tsx";

const base = `/vitals/patient/${PATIENT_ID}`;
const readings = [
  vitals({ recordedAt: "2026-01-10T15:00:00.000Z", bloodPressure: "130/85", heartRate: 72, weight: 180, height: 70, bmi: 25.8 }),
  vitals({ recordedAt: "2026-02-10T15:00:00.000Z", bloodPressure: "124/82", weight: 176, bmi: 25.3, temperature: 98.6, source: "intake" }),
];

/** A vitals server: the list, the import check, and adding one (BMI worked out as the server does). */
function server(options: { initial?: Vitals[]; imports?: { possible: boolean; count: number } } = {}) {
  const list = [...(options.initial ?? readings)];
  return createFetchStub({
    [`GET ${base}`]: () => success(list),
    [`GET ${base}/areImportsFromIntakeFormsPossible`]: () =>
      success({ possible: false, count: 0, vitalsRequired: false, missingVitals: [], ...options.imports }),
    [`POST ${base}`]: (req) => {
      const body = req.body as Partial<Vitals>;
      const v = vitals({ ...body, bmi: body.weight && body.height ? Math.round(7030 * body.weight / body.height ** 2) / 10 : null, recordedAt: "2026-03-01T10:00:00.000Z" });
      list.push(v);
      return success(v, 201);
    },
    [`POST ${base}/runImportsFromIntakeForms`]: () => {
      const v = vitals({ source: "intake", heartRate: 80, recordedAt: "2026-02-20T10:00:00.000Z" });
      list.push(v);
      return success({ imported: [v], skipped: [] });
    },
    [`GET /encounters/dropdown/${PATIENT_ID}`]: () => success([{ id: ENCOUNTER_ID, label: "2026-01-10 Cough for a week" }]),
  });
}

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("VitalsSection", { timeout: 20_000 }, () => {
  it("draws a labelled chart per measure with readings, described in words, and lists every reading in a table", async () => {
    const stub = server();
    renderWithDeps(<VitalsSection patientId={PATIENT_ID} permissions={chartPermissions("doctor")} />, makeDeps({ fetch: stub.fetch }));
    const weight = await screen.findByRole("img", { name: /^Weight \(lbs\) Weight: 2 readings/ });
    expect(weight.querySelectorAll("circle")).toHaveLength(2);
    expect(weight.querySelector("polyline")).toBeTruthy();
    const bp = screen.getByRole("img", { name: /^Blood pressure \(mmHg\) Systolic: .* latest 124 mmHg.* Diastolic: .* latest 82 mmHg/ });
    expect(bp.querySelectorAll("[data-series]")).toHaveLength(2);
    expect(screen.getByRole("img", { name: /^BMI/ })).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Pulse \(bpm\) Pulse: one reading/ })).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Temperature \(°F\)/ })).toBeTruthy();
    expect(screen.queryByRole("img", { name: /^Respiratory rate/ })).toBeNull();
    // The table is the charts' text alternative, newest first.
    const table = screen.getByRole("table", { name: "Vitals readings, newest first" });
    expect(weight.getAttribute("aria-describedby")).toBe(table.id);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["124/82", "130/85"]);
    expect(within(rows[0]).getByText("Intake form")).toBeTruthy();
    expect(within(rows[1]).getByText("Grace Hopper")).toBeTruthy();
  });

  it("asks the server again in metric units", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderWithDeps(<VitalsSection patientId={PATIENT_ID} permissions={chartPermissions("vma")} />, makeDeps({ fetch: stub.fetch }));
    await screen.findByRole("img", { name: /^Weight \(lbs\)/ });
    await user.selectOptions(screen.getByLabelText("Units"), "metric");
    expect(await screen.findByRole("img", { name: /^Weight \(kg\)/ })).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === base).map((c) => c.url.searchParams.get("format"))).toEqual(["imperial", "metric"]);
  });

  it("adds vitals with the 02 §5 rules: 120/80, numbers above 0, at least one; BMI left to the server", async () => {
    const user = userEvent.setup();
    const stub = server({ initial: [] });
    renderWithDeps(<VitalsSection patientId={PATIENT_ID} permissions={chartPermissions("vma")} />, makeDeps({ fetch: stub.fetch }));
    expect(await screen.findByText("No vitals yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add vitals" }));
    const dialog = screen.getByRole("dialog", { name: "Add vitals" });
    const submit = () => user.click(within(dialog).getByRole("button", { name: "Add vitals" }));
    await submit();
    expect(within(dialog).getByText("Fill in at least one vital sign")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Blood pressure (mmHg)"), "120-80");
    await user.type(within(dialog).getByLabelText("Weight (lbs)"), "0");
    await user.type(within(dialog).getByLabelText("Temperature (°F)"), "warm");
    await submit();
    expect(within(dialog).getByText("Write blood pressure like 120/80")).toBeTruthy();
    expect(within(dialog).getByText("Weight must be greater than 0")).toBeTruthy();
    expect(within(dialog).getByText("Temperature must be a number")).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Blood pressure (mmHg)"));
    await user.type(within(dialog).getByLabelText("Blood pressure (mmHg)"), "120/80");
    await user.clear(within(dialog).getByLabelText("Weight (lbs)"));
    await user.type(within(dialog).getByLabelText("Weight (lbs)"), "180");
    await user.type(within(dialog).getByLabelText("Height (in)"), "70");
    await user.clear(within(dialog).getByLabelText("Temperature (°F)"));
    await user.selectOptions(within(dialog).getByLabelText("Encounter (optional)"), ENCOUNTER_ID);
    await submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "POST")?.body).toEqual({ encounterId: ENCOUNTER_ID, bloodPressure: "120/80", weight: 180, height: 70 });
    const table = await screen.findByRole("table", { name: "Vitals readings, newest first" });
    expect(within(table).getByText("25.8")).toBeTruthy();
  });

  it("offers the 50 latest encounters and says so when the patient has older ones", async () => {
    const user = userEvent.setup();
    const stub = server({ initial: [] });
    const many = Array.from({ length: 60 }, (_, i) => ({ id: `3f2b9c1e-0000-4000-8000-${String(i).padStart(12, "0")}`, label: `Encounter ${i}` }));
    stub.handlers[`GET /encounters/dropdown/${PATIENT_ID}`] = (req) => success(many.slice(0, Number(req.url.searchParams.get("limit"))));
    renderWithDeps(<VitalsSection patientId={PATIENT_ID} permissions={chartPermissions("vma")} />, makeDeps({ fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Add vitals" }));
    const dialog = screen.getByRole("dialog", { name: "Add vitals" });
    expect(await within(dialog).findByText(`The ${ENCOUNTER_CHOICES} latest encounters are listed: to add vitals to an older one, open that encounter from the chart.`))
      .toBeTruthy();
    const select = within(dialog).getByLabelText("Encounter (optional)");
    expect(within(select).getAllByRole("option").filter((o) => o.textContent?.startsWith("Encounter "))).toHaveLength(ENCOUNTER_CHOICES);
    // A patient with fewer encounters: no line.
    many.splice(10);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Add vitals" }));
    const again = screen.getByRole("dialog", { name: "Add vitals" });
    await waitFor(() => expect(within(within(again).getByLabelText("Encounter (optional)")).getAllByRole("option")).toHaveLength(11));
    expect(within(again).queryByText(/latest encounters are listed/)).toBeNull();
  });

  it("imports from intake forms when the server says it can", async () => {
    const user = userEvent.setup();
    const stub = server({ imports: { possible: true, count: 1 } });
    renderWithDeps(<VitalsSection patientId={PATIENT_ID} permissions={chartPermissions("doctor")} />, makeDeps({ fetch: stub.fetch }));
    expect(await screen.findByText("1 intake form with vitals not in the chart yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Import from intake forms" }));
    expect(await screen.findByText("Imported 1 reading")).toBeTruthy();
    expect(stub.calls.find((c) => c.path.endsWith("runImportsFromIntakeForms"))?.body).toEqual({ format: "imperial" });
    await waitFor(() => expect(screen.getByRole("img", { name: /^Pulse \(bpm\) Pulse: 2 readings/ })).toBeTruthy());
  });

  it("on an encounter: only its vitals, new ones recorded on it; a patient can only read", async () => {
    const stub = server();
    renderWithDeps(
      <VitalsSection patientId={PATIENT_ID} encounterId={ENCOUNTER_ID} permissions={chartPermissions("patient")} />,
      makeDeps({ fetch: stub.fetch }),
    );
    await screen.findByRole("table");
    expect(stub.calls.find((c) => c.path === base)?.url.searchParams.get("encounterId")).toBe(ENCOUNTER_ID);
    expect(screen.queryByRole("button", { name: "Add vitals" })).toBeNull();
    expect(stub.calls.some((c) => c.path.endsWith("areImportsFromIntakeFormsPossible"))).toBe(false);
    expect(screen.queryByRole("columnheader", { name: "By" })).toBeNull();
  });
});
