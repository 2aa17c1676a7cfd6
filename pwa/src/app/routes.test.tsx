import { screen } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderWithDeps } from "../test/helpers.tsx";
import { PAGE_ROUTES, preloadRoute } from "./routes.tsx";

function pageAt(path: string): ReactNode {
  const route = PAGE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return <Suspense fallback={<p>Loading page</p>}>{route.element}</Suspense>;
}

describe("screens by route", () => {
  it("preloadRoute fetches the screen of a path, so its page renders at once", async () => {
    await preloadRoute("/faq");
    renderWithDeps(pageAt("/faq"), undefined, "/faq");
    expect(screen.queryByText("Loading page")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("preloadRoute leaves paths without a lazily loaded screen alone", async () => {
    await expect(preloadRoute("/")).resolves.toBeUndefined();
    await expect(preloadRoute("/no/such/page")).resolves.toBeUndefined();
  });
});
