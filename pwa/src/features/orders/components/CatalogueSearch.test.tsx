/** The lab-test and medication searches list their first matches and say when more match. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LAB_TESTS } from "../../../../../sync/data/lab-tests.ts";
import { MEDICATIONS } from "../../../../../sync/data/medications.ts";
import { createFetchStub, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { LAB_MATCHES, LabForm } from "./OrderForms.tsx";
import { MEDICATION_MATCHES, PrescriptionForm } from "./PrescriptionForm.tsx";

const ENC = "3f2b9c1e-0000-4000-8000-0000000000e1";
const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";

/** A catalogue search as the edge answers it: the matches, at most `limit`. */
function catalogue<T>(items: readonly T[], text: (item: T) => string, refusal = false) {
  return (req: { url: URL }) => {
    const search = (req.url.searchParams.get("search") ?? "").toLowerCase();
    const limit = Number(req.url.searchParams.get("limit"));
    const found = items.filter((item) => text(item).toLowerCase().includes(search)).slice(0, limit);
    return success(refusal ? found.map((item) => ({ ...item, refusal: null })) : found);
  };
}

function render(ui: React.ReactElement, stub: ReturnType<typeof createFetchStub>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithDeps(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, makeDeps({ fetch: stub.fetch }));
}

describe("catalogue searches", () => {
  it("lab tests: the first matches, one more asked for, and a line saying more match until the search narrows them", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /encounterLabs/dropdown/list": catalogue(LAB_TESTS, (t) => `${t.name} ${t.code}`) });
    render(<LabForm encounterId={ENC} onSaved={() => {}} onClose={() => {}} />, stub);
    expect(LAB_TESTS.length).toBeGreaterThan(LAB_MATCHES);
    expect(await screen.findByText(`Showing the first ${LAB_MATCHES} tests: type more of the name or the LOINC code to narrow them.`)).toBeTruthy();
    expect(screen.getAllByRole("radio")).toHaveLength(LAB_MATCHES);
    expect(stub.calls[0].url.searchParams.get("limit")).toBe(String(LAB_MATCHES + 1));

    const one = LAB_TESTS[LAB_TESTS.length - 1];
    await user.type(screen.getByLabelText("Find a test (name or LOINC code)"), one.code);
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(1));
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });

  it("medications: the first matches and the line, gone when the search is precise", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /encounterPrescriptions/medications": catalogue(MEDICATIONS, (m) => `${m.display} ${m.rxcui}`, true),
      [`GET /patient/pharmacy/${PATIENT}`]: () => success({ pharmacy: null }),
    });
    render(<PrescriptionForm encounterId={ENC} patientId={PATIENT} onSaved={() => {}} onClose={() => {}} />, stub);
    const search = screen.getByLabelText(/Find a medication/);
    await user.type(search, "mg");
    expect(await screen.findByText(`Showing the first ${MEDICATION_MATCHES} medications: type more of the name, or the RxCUI, to narrow them.`))
      .toBeTruthy();
    expect(screen.getAllByRole("radio", { name: /mg/ })).toHaveLength(MEDICATION_MATCHES);
    await user.clear(search);
    await user.type(search, MEDICATIONS[0].rxcui);
    await waitFor(() => expect(screen.getAllByRole("radio", { name: new RegExp(MEDICATIONS[0].display.split(" ")[0]) }).length).toBeGreaterThan(0));
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});
