import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { createFetchStub, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { DIAGNOSIS_MATCHES, DiagnosisPicker, type Icd10Option } from "./DiagnosisPicker.tsx";

const codes: Icd10Option[] = Array.from({ length: 40 }, (_, i) => ({ code: `E11.${i}`, description: `Type 2 diabetes mellitus, variant ${i}` }));

function Picker() {
  const [value, setValue] = useState<Icd10Option | null>(null);
  return <DiagnosisPicker id="dx" label="Diagnosis" value={value} onChange={setValue} />;
}

describe("DiagnosisPicker", () => {
  it("lists the first matches, says when more match, and lets a narrower search reach any of them", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /diagnoses/list/dropdown": (req) => {
        const search = (req.url.searchParams.get("search") ?? "").toLowerCase();
        const limit = Number(req.url.searchParams.get("limit"));
        return success(codes.filter((c) => `${c.code} ${c.description}`.toLowerCase().includes(search)).slice(0, limit));
      },
    });
    renderWithDeps(<Picker />, makeDeps({ fetch: stub.fetch }));
    const box = screen.getByRole("combobox", { name: "Diagnosis" });
    await user.type(box, "diabetes");
    expect(await screen.findByText(`Showing the first ${DIAGNOSIS_MATCHES} codes: type more of a code or more words to narrow them.`)).toBeTruthy();
    expect(screen.getAllByRole("option")).toHaveLength(DIAGNOSIS_MATCHES);
    expect(stub.calls.at(-1)!.url.searchParams.get("limit")).toBe(String(DIAGNOSIS_MATCHES + 1));

    await user.type(box, " mellitus, variant 39");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1));
    expect(screen.queryByText(/Showing the first/)).toBeNull();
    await user.keyboard("{Enter}");
    expect(screen.getByText("Chosen: E11.39")).toBeTruthy();
  });
});
