import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AgreementView } from "../../../../../sync/schemas/admin.ts";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { AgreementsSection } from "./AgreementsSection.tsx";

const terms: AgreementView = {
  name: "terms", title: "Terms and conditions", body: "Be kind.", visible: true, required: true, signupPlacement: true, footer: true,
  status: "published", date: "2026-11-01", version: 3, hasPdf: true, updatedAt: "2026-11-01T10:00:00.000Z",
};

describe("Agreements (admin settings)", () => {
  it("edits a stored agreement: only its input fields are sent, not its version, PDF flag or time", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /admin/agreements": () => success([terms]),
      "POST /admin/agreements": ({ form }) => success({ ...terms, title: String(form?.get("title")), version: 3 }),
    });
    renderWithDeps(<AgreementsSection />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Edit Terms and conditions" }));
    const title = screen.getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Terms of use");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "POST")).toBe(true));
    const form = stub.calls.find((c) => c.method === "POST")!.form!;
    expect(form.get("title")).toBe("Terms of use");
    expect([form.get("hasPdf"), form.get("version"), form.get("updatedAt")]).toEqual([null, null, null]);
  });
});
