import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import type { ChartCard } from "../../../../../sync/schemas/patient-record.ts";
import { emptyCard, PATIENT_ID, uuid } from "../test-fixtures.ts";
import { MedicalCardSection } from "./MedicalCardSection.tsx";

function Harness({ initial, canEdit = true }: { initial: ChartCard; canEdit?: boolean }) {
  const [card, setCard] = useState(initial);
  return <MedicalCardSection patientId={PATIENT_ID} card={card} canEdit={canEdit} onCard={setCard} />;
}

/** A server keeping one card, answering edit-record and delete-record as the chart API does. */
function cardServer(initial: ChartCard) {
  let card = structuredClone(initial);
  return createFetchStub({
    [`POST /patient/edit-record/${PATIENT_ID}`]: (req) => {
      const body = req.body as { type: keyof ChartCard; record?: Record<string, string>; noSignificant?: boolean };
      if (body.type === "socialHistory") card = { ...card, socialHistory: body.record as ChartCard["socialHistory"] };
      else if (body.record) {
        const list = card[body.type] as { _id: string }[];
        const record = { ...body.record, _id: body.record._id ?? uuid() };
        const at = list.findIndex((r) => r._id === record._id);
        card = { ...card, [body.type]: at >= 0 ? list.map((r, i) => (i === at ? record : r)) : [...list, record] };
      } else card = { ...card, [`${body.type}NoSignificant`]: body.noSignificant };
      return success(card);
    },
    [`POST /patient/delete-record/${PATIENT_ID}`]: (req) => {
      const body = req.body as { type: "allergies"; _id: string };
      card = { ...card, [body.type]: card[body.type].filter((r) => r._id !== body._id) };
      return success(card);
    },
  });
}

const section = (name: string) => screen.getByRole("region", { name });

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("MedicalCardSection", { timeout: 20_000 }, () => {
  it("adds an allergy with its reaction and comment, checked by the shared schema first", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(within(section("Allergies")).getByRole("button", { name: "Add allergy" }));
    const dialog = screen.getByRole("dialog", { name: "Add allergy" });
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(within(dialog).getByText("Allergy is required")).toBeTruthy();
    expect(stub.calls).toEqual([]);
    await user.type(within(dialog).getByLabelText("Allergy"), "Penicillin");
    await user.keyboard("{Escape}");
    await user.type(within(dialog).getByLabelText("Reaction"), "Hives");
    await user.type(within(dialog).getByLabelText("Comment"), "As a child");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.path.startsWith("/patient/"))!.body)
      .toEqual({ type: "allergies", record: { name: "Penicillin", type: "", reaction: "Hives", comment: "As a child" } });
    const item = within(section("Allergies")).getByRole("listitem");
    expect(item.textContent).toContain("Penicillin");
    expect(item.textContent).toContain("Reaction: Hives · Comment: As a child");
  });

  it("finds the allergen with GET /allergies of the chosen type; picking it sets name and type (issue 32)", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    stub.handlers["GET /allergies"] = () => success([{ name: "Peanut", type: "food" }, { name: "Tree nuts", type: "food" }]);
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(within(section("Allergies")).getByRole("button", { name: "Add allergy" }));
    const dialog = screen.getByRole("dialog", { name: "Add allergy" });
    await user.selectOptions(within(dialog).getByLabelText("Type"), "food");
    await user.type(within(dialog).getByRole("combobox", { name: "Allergy" }), "nu");
    const options = await within(await within(dialog).findByRole("listbox", { name: "Allergy matches" })).findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Peanut (food)", "Tree nuts (food)"]);
    const search = stub.calls.find((c) => c.path === "/allergies")!;
    expect([search.url.searchParams.get("search"), search.url.searchParams.get("type")]).toEqual(["nu", "food"]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect((within(dialog).getByRole("combobox", { name: "Allergy" }) as HTMLInputElement).value).toBe("Tree nuts");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.path.startsWith("/patient/"))!.body)
      .toEqual({ type: "allergies", record: { name: "Tree nuts", type: "food", reaction: "", comment: "" } });
    expect(within(section("Allergies")).getByRole("listitem").textContent).toContain("Food");
  });

  it("offline, the allergen search answers from the shipped list", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    stub.handlers["GET /allergies"] = () => Promise.reject(new TypeError("Failed to fetch"));
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(within(section("Allergies")).getByRole("button", { name: "Add allergy" }));
    await user.type(within(screen.getByRole("dialog")).getByRole("combobox", { name: "Allergy" }), "amox");
    const matches = await screen.findByRole("listbox", { name: "Allergy matches" });
    expect((await within(matches).findAllByRole("option")).map((o) => o.textContent)).toContain("Amoxicillin (drug)");
  });

  it("edits a record by its _id and deletes one after a confirmation", async () => {
    const user = userEvent.setup();
    const med = { _id: uuid(), name: "Lisinopril", dose: "10 mg", frequency: "Once daily" };
    const initial = emptyCard({ medications: [med] });
    const stub = cardServer(initial);
    renderWithDeps(<Harness initial={initial} />, makeDeps({ fetch: stub.fetch }));
    await user.click(screen.getByRole("button", { name: "Edit Lisinopril" }));
    const dialog = screen.getByRole("dialog", { name: "Edit medication" });
    expect((within(dialog).getByLabelText("Dose") as HTMLInputElement).value).toBe("10 mg");
    await user.clear(within(dialog).getByLabelText("Dose"));
    await user.type(within(dialog).getByLabelText("Dose"), "20 mg");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(section("Medications")).getByRole("listitem").textContent).toContain("Dose: 20 mg"));
    expect(stub.calls[0].body).toEqual({ type: "medications", record: { ...med, dose: "20 mg" } });

    await user.click(screen.getByRole("button", { name: "Delete Lisinopril" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete medication?" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(section("Medications")).getByText("Nothing recorded.")).toBeTruthy());
    expect(stub.calls[1]).toMatchObject({ path: `/patient/delete-record/${PATIENT_ID}`, body: { type: "medications", _id: med._id } });
  });

  it("marks and unmarks 'no known allergies' and 'no significant family history' while their lists are empty", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(screen.getByRole("button", { name: "Mark “No known allergies”" }));
    expect(await within(section("Allergies")).findByText("No known allergies")).toBeTruthy();
    expect(stub.calls[0].body).toEqual({ type: "allergies", noSignificant: true });
    await user.click(screen.getByRole("button", { name: "Mark “No significant family history”" }));
    expect(await within(section("Family history")).findByText("No significant family history")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove “No known allergies”" }));
    await waitFor(() => expect(within(section("Allergies")).getByText("Nothing recorded.")).toBeTruthy());
    expect(stub.calls.map((c) => c.body)).toEqual([
      { type: "allergies", noSignificant: true },
      { type: "familyHistory", noSignificant: true },
      { type: "allergies", noSignificant: false },
    ]);
  });

  it("offers no marker while records are listed, and says the server's refusal", async () => {
    const user = userEvent.setup();
    const initial = emptyCard({ familyHistory: [] });
    const stub = createFetchStub({
      [`POST /patient/edit-record/${PATIENT_ID}`]: () => failure(409, "Remove the listed records before marking nothing significant"),
    });
    renderWithDeps(
      <Harness initial={{ ...initial, allergies: [{ _id: uuid(), name: "Latex", reaction: "", comment: "" }] }} />,
      makeDeps({ fetch: stub.fetch }),
    );
    expect(screen.queryByRole("button", { name: "Mark “No known allergies”" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Mark “No significant family history”" }));
    expect(await screen.findByText("Remove the listed records before marking nothing significant")).toBeTruthy();
    expect(within(section("Family history")).getByText("Nothing recorded.")).toBeTruthy();
  });

  it("adds a past condition without a date (the date is optional)", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    const dialog = screen.getByRole("dialog", { name: "Add condition" });
    await user.type(within(dialog).getByLabelText("When"), "last spring");
    await user.type(within(dialog).getByLabelText("Condition"), "Pneumonia");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(within(dialog).getByText("Use a year, or a date like 2015-06")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText("When"));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls[0].body).toEqual({ type: "pastMedicalHistory", record: { disease: "Pneumonia", date: "" } });
  });

  it("edits social history as one record", async () => {
    const user = userEvent.setup();
    const stub = cardServer(emptyCard());
    renderWithDeps(<Harness initial={emptyCard()} />, makeDeps({ fetch: stub.fetch }));
    await user.click(screen.getByRole("button", { name: "Edit social history" }));
    const dialog = screen.getByRole("dialog", { name: "Edit social history" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Choose an answer about tobacco")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Tobacco"), "former");
    await user.selectOptions(within(dialog).getByLabelText("Alcohol"), "weekly");
    await user.selectOptions(within(dialog).getByLabelText("Recreational drugs"), "never");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(section("Social history")).getByText("Former smoker")).toBeTruthy());
    expect(stub.calls[0].body).toEqual({ type: "socialHistory", record: { tobacco: "former", alcohol: "weekly", drugs: "never" } });
  });

  it("is read-only without the right to edit", () => {
    renderWithDeps(<Harness canEdit={false} initial={emptyCard({ allergies: [{ _id: uuid(), name: "Latex", reaction: "", comment: "" }] })} />);
    expect(screen.getByText("Latex")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
