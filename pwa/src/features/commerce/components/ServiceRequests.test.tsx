import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import type { ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { REQUESTS_PAGE_SIZE, ServiceRequests } from "./ServiceRequests.tsx";

function request(n: number): ServiceRequestView {
  return {
    id: randomId(), serviceId: randomId(), serviceName: `Service ${n}`, patientId: randomId(), patientName: `Patient ${n}`,
    doctorId: randomId(), doctorName: "Ada Byron", status: "paid", amountCents: 4500 + n, fields: [], intake: [], files: [],
    createdAt: "2026-11-20T12:00:00.000Z", doneAt: null, doneBy: null,
  };
}

const render = (fetch: typeof globalThis.fetch) => renderWithDeps(<ServiceRequests view="doctor" />, signedInDeps(randomUser({ role: "doctor" }), { fetch }));
const shown = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("Service requests", () => {
  it("shows a page at a time, newest first, and loads the next page on request", async () => {
    const user = userEvent.setup();
    // The server holds one page and 3 more.
    const all = Array.from({ length: REQUESTS_PAGE_SIZE + 3 }, (_, i) => request(i + 1));
    const stub = createFetchStub({
      "GET /paidServices/requests": ({ url }) => {
        const offset = Number(url.searchParams.get("offset"));
        return success(all.slice(offset, offset + Number(url.searchParams.get("limit"))));
      },
    });
    render(stub.fetch);
    await screen.findByRole("heading", { name: "Service 1" });
    expect(shown()).toEqual(all.slice(0, REQUESTS_PAGE_SIZE).map((r) => r.serviceName));
    expect(screen.getByText(`Showing the latest ${REQUESTS_PAGE_SIZE} requests`)).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(shown()).toHaveLength(REQUESTS_PAGE_SIZE + 3));
    expect(shown().at(-1)).toBe(`Service ${REQUESTS_PAGE_SIZE + 3}`);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText(`${REQUESTS_PAGE_SIZE + 3} requests in all`)).not.toBeNull();
    expect(stub.calls.map((c) => c.url.searchParams.get("offset"))).toEqual(["0", String(REQUESTS_PAGE_SIZE)]);
  });

  it("offers no next page when the last page is exactly full", async () => {
    const all = Array.from({ length: REQUESTS_PAGE_SIZE }, (_, i) => request(i + 1));
    render(createFetchStub({ "GET /paidServices/requests": () => success(all) }).fetch);
    await screen.findByRole("heading", { name: "Service 1" });
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText(`${REQUESTS_PAGE_SIZE} requests in all`)).not.toBeNull();
  });

  it("keeps the requests shown when the next page fails, and says so", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: REQUESTS_PAGE_SIZE + 1 }, (_, i) => request(i + 1));
    render(createFetchStub({
      "GET /paidServices/requests": ({ url }) => (url.searchParams.get("offset") === "0" ? success(all) : failure(500, "Internal error")),
    }).fetch);
    await screen.findByRole("heading", { name: "Service 1" });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("More requests could not be loaded: Internal error")).not.toBeNull();
    expect(shown()).toHaveLength(REQUESTS_PAGE_SIZE);
  });

  it("shows the server's error and loads again on request", async () => {
    const user = userEvent.setup();
    let fail = true;
    render(createFetchStub({ "GET /paidServices/requests": () => (fail ? failure(500, "Internal error") : success([])) }).fetch);
    expect(await screen.findByText("Service requests could not be loaded: Internal error")).not.toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No service requests yet")).not.toBeNull();
  });

  it("the care team marks a paid request done and can message the patient (issue 32)", async () => {
    const user = userEvent.setup();
    let current = request(1);
    const stub = createFetchStub({
      "GET /paidServices/requests": () => success([current]),
      [`PUT /paidServices/requests/${current.id}/done`]: (req) => {
        const done = (req.body as { done: boolean }).done;
        current = { ...current, doneAt: done ? "2026-11-21T09:00:00.000Z" : null, doneBy: done ? "Vera Assistant for Dr. Byron" : null };
        return success(current);
      },
    });
    render(stub.fetch);
    expect(await screen.findByText("Not done yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Message Patient 1" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Mark done" }));
    expect(await screen.findByText("Done on Nov 21, 2026 by Vera Assistant for Dr. Byron")).toBeTruthy();
    expect(stub.calls.find((c) => c.method === "PUT")!.body).toEqual({ done: true });
    await user.click(screen.getByRole("button", { name: "Open again" }));
    expect(await screen.findByText("Not done yet")).toBeTruthy();
  });
});
