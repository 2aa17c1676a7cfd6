import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NoteType } from "../../../../../sync/schemas/note-type.ts";
import { createFetchStub, failure, randomId, randomUser, renderApp, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { NoteTypesSettings } from "./NoteTypesSettings.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true, stripeAccount: "acct_1", isActiveStripeAccount: true });

const soap = (): NoteType => ({
  id: randomId(), doctorId: doctor.id, name: "SOAP", fieldNames: ["Subjective", "Objective", "Assessment", "Plan"],
  createdAt: "2026-03-01T10:00:00.000Z",
});

/** The practice's note types on a stub of the chart API: list, create, delete. */
function practice(initial: NoteType[] = []) {
  let types = [...initial];
  const stub = createFetchStub({
    "GET /noteTypes/list": () => success(types),
    "POST /noteTypes": (req) => {
      const body = req.body as { name: string; fieldNames: string[] };
      const created = { id: randomId(), doctorId: doctor.id, createdAt: new Date().toISOString(), ...body };
      types = [...types, created].sort((a, b) => a.name.localeCompare(b.name));
      return success(created, 201);
    },
  });
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname.replace(/^\/api\/v1/, "");
    const match = /^\/noteTypes\/([^/]+)$/.exec(path);
    if (init?.method === "DELETE" && match) {
      stub.calls.push({ method: "DELETE", path, url: new URL(String(input), "http://localhost"), headers: new Headers(), body: undefined, form: null });
      types = types.filter((t) => t.id !== match[1]);
      return Promise.resolve(success({ id: match[1] }));
    }
    return stub.fetch(input, init);
  }) as typeof globalThis.fetch;
  return { stub, fetch, types: () => types };
}

const renderSettings = (fetch: typeof globalThis.fetch, canManage = true) =>
  renderWithDeps(<NoteTypesSettings canManage={canManage} />, signedInDeps(canManage ? doctor : randomUser({ role: "vma" }), { fetch }));

// userEvent and the whole app are slow when test files run in parallel on 2 cores.
describe("Settings → Note types", { timeout: 20_000 }, () => {
  it("checks the form with the shared schema, orders fields with the keyboard, and lists the created type", async () => {
    const user = userEvent.setup();
    const server = practice();
    renderSettings(server.fetch);
    expect(await screen.findByText("No note types yet")).toBeTruthy();

    // Nothing is sent while the schema refuses it; the first bad field gets focus.
    await user.click(screen.getByRole("button", { name: "Create note type" }));
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(screen.getByText("A field needs a name")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: /^Name/ }));
    expect(server.stub.calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Follow-up");
    await user.type(screen.getByRole("textbox", { name: "Field 1" }), "Plan");
    await user.click(screen.getByRole("button", { name: "Add field" }));
    // The new field has the focus.
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Field 2" }));
    await user.keyboard("Plan");
    await user.click(screen.getByRole("button", { name: "Create note type" }));
    expect(screen.getByText("Field names must differ")).toBeTruthy();
    expect(server.stub.calls.some((c) => c.method === "POST")).toBe(false);

    await user.clear(screen.getByRole("textbox", { name: "Field 2" }));
    await user.type(screen.getByRole("textbox", { name: "Field 2" }), "Progress");
    await user.click(screen.getByRole("button", { name: "Add field" }));
    await user.keyboard("Medication");
    // Keyboard only: Tab to "Move field 3 up" and press it twice; focus follows the field, the move is announced.
    screen.getByRole("button", { name: "Move field 3 up" }).focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move field 2 up" }));
    expect(screen.getByText("Medication moved to position 2 of 3.").getAttribute("role")).toBe("status");
    await user.keyboard(" ");
    // At the top its Up is off: focus moves to its Down.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move field 1 down" }));
    expect(screen.getByRole("button", { name: "Move field 1 up" }).hasAttribute("disabled")).toBe(true);
    expect(fieldValues()).toEqual(["Medication", "Plan", "Progress"]);
    // Remove the middle one: focus goes to the field now in its place.
    await user.click(screen.getByRole("button", { name: "Remove field 2" }));
    expect(fieldValues()).toEqual(["Medication", "Progress"]);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Field 2" }));

    await user.click(screen.getByRole("button", { name: "Create note type" }));
    await waitFor(() => expect(server.stub.calls.some((c) => c.method === "POST")).toBe(true));
    expect(server.stub.calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Follow-up", fieldNames: ["Medication", "Progress"] });
    const list = await screen.findByRole("list", { name: "Note types" });
    expect(within(list).getByText("Follow-up")).toBeTruthy();
    expect(within(list).getByText("Medication, Progress")).toBeTruthy();
    // The form is empty again, with one field.
    expect((screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement).value).toBe("");
    expect(fieldValues()).toEqual([""]);
  });

  it("shows the server's field errors beside the fields", async () => {
    const user = userEvent.setup();
    const server = practice();
    server.stub.handlers["POST /noteTypes"] = () =>
      failure(400, "Please correct the highlighted fields", { fields: { "fieldNames.0": "At most 100 symbols" } });
    renderSettings(server.fetch);
    await screen.findByText("No note types yet");
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "SOAP");
    await user.type(screen.getByRole("textbox", { name: "Field 1" }), "Subjective");
    await user.click(screen.getByRole("button", { name: "Create note type" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Field 1" }).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("At most 100 symbols")).toBeTruthy();
  });

  it("deletes a type only after a confirmation that says written notes keep their text", async () => {
    const user = userEvent.setup();
    const type = soap();
    const server = practice([type]);
    renderSettings(server.fetch);
    const list = await screen.findByRole("list", { name: "Note types" });
    expect(within(list).getByText("Subjective, Objective, Assessment, Plan")).toBeTruthy();

    await user.click(within(list).getByRole("button", { name: "Delete note type SOAP" }));
    let dialog = screen.getByRole("dialog", { name: "Delete the note type “SOAP”?" });
    expect(dialog.textContent).toContain("Notes already written with it keep their type and their text.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.stub.calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(within(list).getByRole("button", { name: "Delete note type SOAP" }));
    dialog = screen.getByRole("dialog", { name: "Delete the note type “SOAP”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete note type" }));
    await waitFor(() => expect(server.stub.calls.some((c) => c.method === "DELETE" && c.path === `/noteTypes/${type.id}`)).toBe(true));
    expect(await screen.findByText("No note types yet")).toBeTruthy();
  });

  it("shows a VMA the list only: the doctor manages note types", async () => {
    const server = practice([soap()]);
    renderSettings(server.fetch, false);
    const list = await screen.findByRole("list", { name: "Note types" });
    expect(within(list).getByText("SOAP")).toBeTruthy();
    expect(screen.getByText(/Your doctor manages the note types/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("says when the list could not be loaded, and tries again", async () => {
    const user = userEvent.setup();
    const server = practice([soap()]);
    let fail = true;
    const list = server.stub.handlers["GET /noteTypes/list"];
    server.stub.handlers["GET /noteTypes/list"] = (req) => (fail ? failure(500, "The server is having trouble") : list(req));
    renderSettings(server.fetch);
    expect((await screen.findByText("The server is having trouble")).getAttribute("role")).toBe("alert");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Note types" })).toBeTruthy();
    expect(screen.queryByText("The server is having trouble")).toBeNull();
  });

  it("is a section of the doctor's and the VMA's settings, not the patient's", async () => {
    const server = practice([soap()]);
    const { unmount } = renderApp("/settings", signedInDeps(doctor, { fetch: server.fetch }));
    const section = await screen.findByRole("region", { name: "Note types" }, { timeout: 10_000 });
    expect(await within(section).findByText("SOAP")).toBeTruthy();
    expect(within(section).getByRole("form", { name: "New note type" })).toBeTruthy();
    unmount();
    const vma = renderApp("/settings", signedInDeps(randomUser({ role: "vma" }), { fetch: server.fetch }));
    const vmaSection = await screen.findByRole("region", { name: "Note types" }, { timeout: 10_000 });
    expect(await within(vmaSection).findByText("SOAP")).toBeTruthy();
    expect(within(vmaSection).queryByRole("form")).toBeNull();
    vma.unmount();
    renderApp("/settings", signedInDeps(randomUser({ role: "patient" }), { fetch: server.fetch }));
    await screen.findByRole("heading", { name: "Settings" }, { timeout: 10_000 });
    expect(screen.queryByRole("region", { name: "Note types" })).toBeNull();
  });
});

function fieldValues(): string[] {
  return screen.getAllByRole("textbox", { name: /^Field \d+$/ }).map((input) => (input as HTMLInputElement).value);
}
