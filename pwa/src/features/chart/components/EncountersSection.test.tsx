import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Encounter } from "../../../../../sync/schemas/encounter.ts";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { chartPermissions } from "../lib/permissions.ts";
import { DOCTOR_ID, encounter, list, PATIENT_ID, uuid } from "../test-fixtures.ts";
import { ENCOUNTERS_PAGE_SIZE, EncountersSection } from "./EncountersSection.tsx";

const listPath = `/encounters/${PATIENT_ID}/list`;
const many = Array.from({ length: 13 }, (_, i) =>
  encounter({ id: uuid(), reason: `Visit ${i + 1}`, encounterDatetime: `2026-01-${String(28 - i).padStart(2, "0")}T15:00:00.000Z` }));

function server(items: Encounter[] = many) {
  return createFetchStub({
    [`GET ${listPath}`]: (req) => {
      const q = req.url.searchParams;
      const offset = Number(q.get("offset") ?? 0);
      const search = q.get("search")?.toLowerCase();
      const found = items.filter((e) => (!search || e.reason.toLowerCase().includes(search)) && (!q.get("type") || e.type === q.get("type")));
      return success({ ...list(found.slice(offset, offset + ENCOUNTERS_PAGE_SIZE), offset, ENCOUNTERS_PAGE_SIZE), totalCount: found.length });
    },
    "GET /doctors/encounter/creators": () => success([{ id: DOCTOR_ID, firstName: "Grace", lastName: "Hopper" }]),
    [`POST /encounters/${PATIENT_ID}`]: (req) => {
      const body = req.body as { type: Encounter["type"]; reason: string; datetime: string };
      return success(encounter({ id: uuid(), type: body.type, reason: body.reason, encounterDatetime: body.datetime }), 201);
    },
  });
}

const render = (role: "doctor" | "vma", stub = server(), onCreated?: (e: Encounter) => void) =>
  renderWithDeps(
    <EncountersSection
      patientId={PATIENT_ID}
      permissions={chartPermissions(role)}
      encounterHref={(id) => `/doctor/patients/${PATIENT_ID}/encounters/${id}`}
      onCreated={onCreated}
    />,
    makeDeps({ fetch: stub.fetch }),
  );

const items = () => screen.getAllByRole("listitem").map((li) => within(li).getAllByText(/^Visit \d+$/)[0].textContent);

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("EncountersSection", { timeout: 20_000 }, () => {
  it("lists the encounters newest first by pages, each linking to its page", async () => {
    const user = userEvent.setup();
    const stub = server();
    render("doctor", stub);
    expect(await screen.findByText("1–10 of 13 encounters")).toBeTruthy();
    expect(items()).toEqual(many.slice(0, 10).map((e) => e.reason));
    expect(screen.getByRole("link", { name: /^Visit 1 Video visit ·/ }).getAttribute("href"))
      .toBe(`/doctor/patients/${PATIENT_ID}/encounters/${many[0].id}`);
    expect(within(screen.getAllByRole("listitem")[0]).getByText("Not sent")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("11–13 of 13 encounters")).toBeTruthy();
    expect(items()).toEqual(["Visit 11", "Visit 12", "Visit 13"]);
    expect(stub.calls.filter((c) => c.path === listPath).map((c) => c.url.searchParams.get("offset"))).toEqual(["0", "10"]);
  });

  it("searches after a pause in typing and filters by type and doctor, from the first page", async () => {
    const user = userEvent.setup();
    const stub = server([...many, encounter({ id: uuid(), reason: "Rash on arm", type: "phone" })]);
    render("vma", stub);
    await screen.findByText("1–10 of 14 encounters");
    await user.type(screen.getByLabelText("Search by reason or type"), "rash");
    expect(await screen.findByText("1–1 of 1 encounters")).toBeTruthy();
    const calls = () => stub.calls.filter((c) => c.path === listPath).map((c) => c.url.searchParams);
    expect(calls().at(-1)?.get("search")).toBe("rash");
    // One request for the typed word, not one per letter.
    expect(calls().filter((q) => q.get("search")).length).toBe(1);
    await user.clear(screen.getByLabelText("Search by reason or type"));
    await user.selectOptions(screen.getByLabelText("Type"), "video");
    await user.selectOptions(screen.getByLabelText("Doctor"), DOCTOR_ID);
    await waitFor(() => expect(calls().at(-1)?.get("doctorId")).toBe(DOCTOR_ID));
    expect(calls().at(-1)?.get("type")).toBe("video");
    expect(calls().at(-1)?.get("offset")).toBe("0");
    expect(screen.getByRole("option", { name: "Dr. Grace Hopper" })).toBeTruthy();
  });

  it("says when there are none, and when none match", async () => {
    const user = userEvent.setup();
    render("doctor", server([]));
    expect(await screen.findByText("No encounters yet")).toBeTruthy();
    // Nothing to filter: no filters.
    expect(screen.queryByRole("search")).toBeNull();
    cleanup();
    render("doctor", server());
    await screen.findByText("1–10 of 13 encounters");
    await user.selectOptions(within(screen.getByRole("search")).getByLabelText("Type"), "office");
    expect(await screen.findByText("No encounters match")).toBeTruthy();
    // The filter stays, to be changed back.
    expect(screen.getByRole("search", { name: "Filter encounters" })).toBeTruthy();
  });

  it("shows no filters for a list of one page", async () => {
    render("doctor", server(many.slice(0, 3)));
    expect(await screen.findByText("1–3 of 3 encounters")).toBeTruthy();
    expect(screen.queryByLabelText("Search by reason or type")).toBeNull();
  });

  it("lets the doctor create one with type, reason and date-time, validated first", async () => {
    const user = userEvent.setup();
    const stub = server();
    const created: Encounter[] = [];
    render("doctor", stub, (e) => created.push(e));
    await user.click(await screen.findByRole("button", { name: "New encounter" }));
    const dialog = screen.getByRole("dialog", { name: "New encounter" });
    await user.clear(within(dialog).getByLabelText("Date and time"));
    await user.click(within(dialog).getByRole("button", { name: "Create encounter" }));
    expect(within(dialog).getByText(/^Choose a type/)).toBeTruthy();
    expect(within(dialog).getByText("Reason is required")).toBeTruthy();
    expect(within(dialog).getByText("Use an ISO date and time")).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText("Type"), "phone");
    await user.type(within(dialog).getByLabelText("Reason"), "Follow-up on cough");
    await user.type(within(dialog).getByLabelText("Date and time"), "2026-03-09T14:30");
    await user.click(within(dialog).getByRole("button", { name: "Create encounter" }));
    await waitFor(() => expect(created).toHaveLength(1));
    const body = stub.calls.find((c) => c.method === "POST")?.body as Record<string, string>;
    expect(body).toEqual({ type: "phone", reason: "Follow-up on cough", datetime: new Date("2026-03-09T14:30").toISOString() });
    expect(created[0].reason).toBe("Follow-up on cough");
  });

  it("hides the create action from a VMA (the server would answer 403 DOCTOR_ONLY)", async () => {
    render("vma");
    await screen.findByText("1–10 of 13 encounters");
    expect(screen.queryByRole("button", { name: "New encounter" })).toBeNull();
  });

  it("shows a server error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    const stub = server();
    const ok = stub.handlers[`GET ${listPath}`];
    stub.handlers[`GET ${listPath}`] = (req) => (fail ? failure(500, "Internal server error") : ok(req));
    render("doctor", stub);
    expect(await screen.findByText("Internal server error")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1–10 of 13 encounters")).toBeTruthy();
  });
});
