import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { RegistrationForm } from "./RegistrationForm.tsx";

async function fillPersonal(user: UserEvent) {
  await user.type(screen.getByLabelText("Email"), "new.doctor@example.com");
  await user.type(screen.getByLabelText("Password"), "lamp-Quartz-47");
  await user.type(screen.getByLabelText("Repeat password"), "lamp-Quartz-47");
  await user.type(screen.getByLabelText("First name"), "Dana");
  await user.type(screen.getByLabelText("Last name"), "Lee");
  fireEvent.change(screen.getByLabelText("Birth date"), { target: { value: "1975-03-02" } });
  await user.selectOptions(screen.getByLabelText("Gender"), "Female");
  await user.type(screen.getByLabelText("Phone number"), "(202) 555-0143");
  await user.selectOptions(screen.getByLabelText("State"), "NY");
  await user.type(screen.getByLabelText("City"), "Albany");
  await user.type(screen.getByLabelText("Zip code"), "12207");
  await user.type(screen.getByLabelText("Street address"), "1 Main St");
  await user.click(screen.getByLabelText(/Terms and Conditions/));
  await user.click(screen.getByLabelText(/Privacy Policy/));
  await user.click(screen.getByLabelText(/Prescription Policy/));
}

/** The registration calls (the form also asks which agreements admins placed on it: `GET /agreements`). */
const registrations = (stub: ReturnType<typeof createFetchStub>) => stub.calls.filter((call) => call.path === "/users");

describe("RegistrationForm", () => {
  it("shows zod errors beside the fields, including the agreements and the repeat password", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub();
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    await user.type(screen.getByLabelText("Password"), "lamp-Quartz-47");
    await user.type(screen.getByLabelText("Repeat password"), "other");
    await user.type(screen.getByLabelText("Zip code"), "123");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(screen.getByText("Passwords do not match")).not.toBeNull();
    expect(screen.getByText("Zip must be exactly five digits")).not.toBeNull();
    expect(screen.getByText("Accept the terms, privacy policy and prescription policy")).not.toBeNull();
    expect(screen.getByText("Choose a US state")).not.toBeNull();
    expect(screen.getByLabelText("Zip code").getAttribute("aria-invalid")).toBe("true");
    expect(registrations(stub)).toHaveLength(0);
  });

  it("refuses a 7-character and a common password with the reason, and accepts a good one", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub();
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    const password = screen.getByLabelText("Password");
    await user.type(password, "Abc#12x");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Password must be at least 8 symbols")).not.toBeNull();
    for (const common of ["password1", "qwerty123"]) {
      await user.clear(password);
      await user.type(password, common);
      await user.click(screen.getByRole("button", { name: "Create account" }));
      expect(await screen.findByText(/This password is too common/)).not.toBeNull();
    }
    await user.clear(password);
    await user.type(password, "lamp-Quartz-47");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.queryByText(/This password is too common|at least 8 symbols/)).toBeNull());
    expect(registrations(stub)).toHaveLength(0); // the form is incomplete: nothing is sent (the agreements list is read)
  });

  it("requires a JPG or PNG signature of at most 20 MB from doctors", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps());
    await user.click(screen.getByLabelText("A doctor"));
    await user.click(screen.getByRole("button", { name: "Apply as a doctor" }));
    expect(screen.getByText("Upload an image of your signature")).not.toBeNull();

    await user.upload(screen.getByLabelText("Signature image"), new File(["%PDF"], "sign.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Apply as a doctor" }));
    expect(screen.getByText("The signature must be a JPG or PNG image")).not.toBeNull();

    const huge = new File(["x"], "sign.png", { type: "image/png" });
    Object.defineProperty(huge, "size", { value: 20 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText("Signature image"), huge);
    await user.click(screen.getByRole("button", { name: "Apply as a doctor" }));
    expect(screen.getByText("The signature must be at most 20 MB")).not.toBeNull();
  });

  it("sends a doctor's application as multipart with the signature file as `sign`", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "POST /users": () => success(null, 201) });
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    await user.click(screen.getByLabelText("A doctor"));
    await fillPersonal(user);
    await user.type(screen.getByLabelText("NPI number"), "1234567890");
    await user.type(screen.getByLabelText("DEA number"), "ab1234563");
    await user.type(screen.getByLabelText("Fax number"), "2025550199");
    await user.selectOptions(screen.getByLabelText("Specialty"), "Internal medicine");
    await user.selectOptions(screen.getByLabelText("Time zone"), "America/Chicago");
    await user.click(screen.getByLabelText("New York"));
    await user.click(screen.getByLabelText("New Jersey"));
    const sign = new File(["png-bytes"], "signature.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Signature image"), sign);
    await user.click(screen.getByRole("button", { name: "Apply as a doctor" }));

    await screen.findByText(/Check your email to activate your account/, { selector: "strong" });
    expect(registrations(stub)).toHaveLength(1);
    const form = registrations(stub)[0].form!;
    expect(registrations(stub)[0].headers.get("Authorization")).toBeNull();
    expect(form.get("role")).toBe("doctor");
    expect(form.get("email")).toBe("new.doctor@example.com");
    expect(form.get("phoneNumber")).toBe("+12025550143");
    expect(form.get("dea")).toBe("AB1234563");
    expect(form.get("timezone")).toBe("America/Chicago");
    expect(JSON.parse(String(form.get("licensedStates")))).toEqual(["NY", "NJ"]);
    expect(JSON.parse(String(form.get("agreements")))).toEqual(["terms", "privacy", "prescription"]);
    const sent = form.get("sign") as File;
    expect(sent.name).toBe("signature.png");
    expect(sent.type).toBe("image/png");
  });

  it("sends a patient's registration without professional fields or file", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "POST /users": () => success(null, 201) });
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    await fillPersonal(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(registrations(stub)).toHaveLength(1));
    const form = registrations(stub)[0].form!;
    expect(form.get("role")).toBe("patient");
    expect(form.has("npi")).toBe(false);
    expect(form.has("sign")).toBe(false);
  });

  it("shows the server's field errors beside the fields", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "POST /users": () => failure(400, "Email already occupied", { fields: { email: "This email is already registered" } }),
    });
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    await fillPersonal(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("This email is already registered")).not.toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Email already occupied").length).toBeGreaterThan(0);
  });

  it("shows the agreements admins placed on the sign-up form and sends the accepted ones", async () => {
    const user = userEvent.setup();
    const consent = { name: "telehealth-consent", title: "Telehealth consent", required: true, signupPlacement: true };
    const stub = createFetchStub({
      "GET /agreements": () => success([{ name: "terms", title: "Terms and conditions" }, consent]),
      "POST /users": () => success({ user: {} }, 201),
    });
    renderWithDeps(<RegistrationForm onLogin={() => {}} />, makeDeps({ fetch: stub.fetch }));
    const box = await screen.findByLabelText(/Telehealth consent/);
    expect(screen.getAllByLabelText(/Terms and Conditions|Terms and conditions/)).toHaveLength(1);
    await fillPersonal(user);
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(registrations(stub)).toHaveLength(1));
    expect(JSON.parse(String(registrations(stub)[0].form!.get("agreements")))).toEqual(["terms", "privacy", "prescription", "telehealth-consent"]);
  });
});
