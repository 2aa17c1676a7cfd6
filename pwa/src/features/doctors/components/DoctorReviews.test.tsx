import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { DoctorReviews } from "./DoctorReviews.tsx";

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const review = (n: number) => ({
  id: `r${n}`, rating: n % 5 + 1, comment: n === 1 ? "Listened well" : "", reviewer: `Patient${n} R.`, createdAt: "2026-03-0" + (n % 9 + 1) + "T10:00:00Z",
});

function show(stub: ReturnType<typeof createFetchStub>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithDeps(<QueryClientProvider client={client}><DoctorReviews doctorId={DOCTOR} rating={4.5} /></QueryClientProvider>, makeDeps({ fetch: stub.fetch }));
}

describe("DoctorReviews (issue 32)", () => {
  it("lists what patients said, five at a time, with the rating and the count", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 7 }, (_, i) => review(i + 1));
    const stub = createFetchStub({
      [`GET /doctors/${DOCTOR}/reviews`]: (req) => {
        const offset = Number(req.url.searchParams.get("offset"));
        return success({ list: all.slice(offset, offset + 5), offset, limit: 5, totalCount: all.length });
      },
    });
    show(stub);
    const section = await screen.findByRole("region", { name: "Reviews" });
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(5));
    expect(section.textContent).toContain("4.5 of 5 · 7 reviews");
    expect(within(section).getByRole("img", { name: "2 of 5 stars" })).toBeTruthy();
    expect(section.textContent).toContain("Listened well");
    await user.click(within(section).getByRole("button", { name: "More reviews" }));
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(7));
    expect(within(section).queryByRole("button", { name: "More reviews" })).toBeNull();
  });

  it("says when there are none, and when they cannot be loaded", async () => {
    const empty = createFetchStub({ [`GET /doctors/${DOCTOR}/reviews`]: () => success({ list: [], offset: 0, limit: 5, totalCount: 0 }) });
    const { unmount } = show(empty);
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    unmount();
    const broken = createFetchStub({ [`GET /doctors/${DOCTOR}/reviews`]: () => failure(503, "Service unavailable") });
    show(broken);
    expect(await screen.findByText(/Reviews could not be loaded/)).toBeTruthy();
  });
});
