import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { INTAKE_MESSAGES, type IntakeFormSettings } from "../../../../../sync/schemas/intake-form.ts";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { IntakeFormSettingsSection } from "./IntakeFormSettingsSection.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });
const path = `/intakeForms/settings/doctor/${doctor.id}`;

function server(initial: Partial<IntakeFormSettings> = {}) {
  let stored: IntakeFormSettings = { doctorId: doctor.id, vitalsEnabled: true, vitalsRequired: false, fields: [], updatedAt: null, ...initial };
  return createFetchStub({
    [`GET ${path}`]: () => success(stored),
    [`POST ${path}`]: (req) => {
      const body = req.body as IntakeFormSettings;
      stored = {
        ...stored,
        ...body,
        fields: body.fields.map((f) => ({ ...f, id: f.id ?? randomId(), required: f.required ?? false })),
        updatedAt: new Date().toISOString(),
      };
      return success(stored);
    },
  });
}

const questions = () => screen.getAllByLabelText(/^Question \d+$/).map((input) => (input as HTMLInputElement).value);

describe("Settings → Consultations (intake form settings)", () => {
  it("shows the empty state, adds questions, reorders them with buttons and saves them in order", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderWithDeps(<IntakeFormSettingsSection doctorId={doctor.id} />, signedInDeps(doctor, { fetch: stub.fetch }));
    await screen.findByText("No questions of your own");

    await user.click(screen.getByRole("button", { name: "Add a question" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Question 1"));
    await user.keyboard("Do you smoke?");
    await user.selectOptions(screen.getByLabelText("Answer type of question 1"), "Yes or no");
    await user.click(screen.getByRole("button", { name: "Add a question" }));
    await user.keyboard("Main symptoms");
    await user.selectOptions(screen.getByLabelText("Answer type of question 2"), "Paragraph");
    await user.click(screen.getByRole("checkbox", { name: "Required (question 2)" }));

    await user.click(screen.getByRole("button", { name: "Move question 2 up" }));
    expect(questions()).toEqual(["Main symptoms", "Do you smoke?"]);
    // The moved question is first now: its "up" is disabled, so focus stays on its "down".
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move question 1 down" }));
    expect(screen.getByRole("button", { name: "Move question 1 up" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("checkbox", { name: "Require at least one vital sign" }));
    await user.click(screen.getByRole("button", { name: "Save intake form" }));
    await screen.findByText("Intake form saved");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Save intake form" }));
    expect(questions()).toEqual(["Main symptoms", "Do you smoke?"]);
    const post = stub.calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      vitalsEnabled: true,
      vitalsRequired: true,
      fields: [
        { question: "Main symptoms", inputType: "textarea", required: true },
        { question: "Do you smoke?", inputType: "yesNo", required: false },
      ],
    });
  });

  it("keeps the ids of saved questions, removes one, and turning vitals off drops 'required'", async () => {
    const user = userEvent.setup();
    const [a, b] = [randomId(), randomId()];
    const stub = server({
      vitalsRequired: true,
      fields: [
        { id: a, question: "Allergies?", inputType: "text", required: false },
        { id: b, question: "Weight last year", inputType: "number", required: true },
      ],
      updatedAt: new Date().toISOString(),
    });
    renderWithDeps(<IntakeFormSettingsSection doctorId={doctor.id} />, signedInDeps(doctor, { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Remove question 1" }));
    expect(questions()).toEqual(["Weight last year"]);
    expect(document.activeElement).toBe(screen.getByLabelText("Question 1"));
    await user.click(screen.getByRole("checkbox", { name: /Ask for vitals/ }));
    expect(screen.getByRole("checkbox", { name: "Require at least one vital sign" })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "Save intake form" }));
    await screen.findByText("Intake form saved");
    expect(stub.calls.find((c) => c.method === "POST")?.body).toEqual({
      vitalsEnabled: false,
      vitalsRequired: false,
      fields: [{ id: b, question: "Weight last year", inputType: "number", required: true }],
    });
  });

  it("refuses a blank question with 02 §5's message before asking the server, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderWithDeps(<IntakeFormSettingsSection doctorId={doctor.id} />, signedInDeps(doctor, { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Add a question" }));
    await user.click(screen.getByRole("button", { name: "Save intake form" }));
    const question = screen.getByLabelText("Question 1");
    expect(question.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(INTAKE_MESSAGES.questionRequired)).toBeTruthy();
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);

    stub.handlers[`POST ${path}`] = () =>
      failure(400, "Validation failed", { reason: "VALIDATION_FAILED", fields: { "fields.0.question": "A question has at most 500 symbols" } });
    await user.type(question, "Fine?");
    await user.click(screen.getByRole("button", { name: "Save intake form" }));
    await waitFor(() => expect(screen.getByText("A question has at most 500 symbols")).toBeTruthy());
    expect(within(screen.getByRole("form", { name: "Intake form settings" })).getByText("Validation failed").getAttribute("role")).toBe("alert");
  });

  it("says when the settings cannot be loaded and tries again", async () => {
    const user = userEvent.setup();
    const stub = server();
    const ok = stub.handlers[`GET ${path}`];
    stub.handlers[`GET ${path}`] = () => failure(500, "Unexpected error");
    renderWithDeps(<IntakeFormSettingsSection doctorId={doctor.id} />, signedInDeps(doctor, { fetch: stub.fetch }));
    expect((await screen.findByText("Unexpected error")).getAttribute("role")).toBe("alert");
    stub.handlers[`GET ${path}`] = ok;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("No questions of your own");
  });
});
