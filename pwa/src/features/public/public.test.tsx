import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AppDepsProvider, createAppDeps, createMemoryStorage } from "../../lib/app-deps.tsx";
// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AboutUsPage,
  AgreementPage,
  ConditionsTreatedPage,
  ContactUsPage,
  FaqPage,
  HowItWorksPage,
  LandingPage,
  MembershipAgreementPage,
  PrescriptionPolicyPage,
  PrivacyPolicyPage,
  TermsPage,
} from "./index.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The landing page loads the homepage plans through the app's client: an edge that has none. */
function noPlans() {
  const body = JSON.stringify({ status: "success", result: [] });
  return Promise.resolve(new Response(body, { headers: { "Content-Type": "application/json" } }));
}

function renderAt(ui: ReactElement, path = "/") {
  const deps = createAppDeps({ storage: createMemoryStorage(), tabFlags: createMemoryStorage(), fetch: noPlans });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppDepsProvider deps={deps}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppDepsProvider>,
  );
}

/** The page's visible text with whitespace collapsed, so figures split over JSX lines still match. */
function pageText(Page: ComponentType): string {
  const { container } = renderAt(<Page />);
  return (container.textContent ?? "").replace(/\s+/g, " ");
}

const ALL_FEES = ["$59", "$147", "$468", "$89", "$237", "$828"];

describe("public pages carry the facts and figures of the policies", () => {
  it.each<[string, ComponentType, string[]]>([
    ["landing", LandingPage, [...ALL_FEES, "One week of access costs $49", "400", "90 percent", "18"]],
    [
      "faq",
      FaqPage,
      [...ALL_FEES, "90 percent", "1 to 3 virtual visits", "up to 1 hour", "6 seconds", "multiply by 10", "400"],
    ],
    [
      "how it works",
      HowItWorksPage,
      ["$49", "$59", "$30", "2 business days", "30 days", "blood pressure cuff", "pulse oximeter", "thermometer"],
    ],
    ["about us", AboutUsPage, ["every 3 years", "400", "11 to 21", "18 or older", "aged 13 or under", "med/peds"]],
    [
      "terms",
      TermsPage,
      ["Nevada", "$100", "6 months", "30 days", "10 files", "20 MB", "60 MB", "cash-only", "aged 13 or under"],
    ],
    [
      "privacy",
      PrivacyPolicyPage,
      ["Effective 9/14/2020", "California", "twice per year", "under 13", "at least 30 days before"],
    ],
    [
      "membership",
      MembershipAgreementPage,
      [...ALL_FEES, "$49", "$30", "up to 3 more", "2 business days", "30 days", "no prorated refund", "Nevada"],
    ],
    ["conditions", ConditionsTreatedPage, ["90 percent", "11 to 21", "cardiac imaging", "testosterone"]],
  ])("%s", (_name, page, figures) => {
    const text = pageText(page);
    for (const figure of figures) expect(text).toContain(figure);
  });

  it.each([
    ["One-time visit", "30 days"],
    ["Monthly membership", "30 days"],
    ["3-month membership", "90 days"],
    ["Annual membership", "90 days, with up to 3 refills"],
  ])("states the prescription maximum of a %s", (plan, maximum) => {
    renderAt(<PrescriptionPolicyPage />);
    const row = screen.getByRole("row", { name: new RegExp(`^${plan}`) });
    expect(within(row).getByRole("cell").textContent).toBe(maximum);
  });

  it("names every controlled-substance class and the e-prescription delay", () => {
    const text = pageText(PrescriptionPolicyPage);
    for (const word of ["anxiety", "pain", "diet", "sleep", "ADHD", "testosterone", "up to 1 hour"]) {
      expect(text).toContain(word);
    }
  });

  it("lists the welcome package and the imaging terms in the fee exhibit", () => {
    const text = pageText(MembershipAgreementPage);
    expect(text).toContain("blood pressure cuff, pulse oximeter and thermometer");
    expect(text).toContain("including one month of access");
    expect(text).toContain("cardiac imaging");
    expect(screen.getAllByRole("table").length).toBeGreaterThanOrEqual(3);
  });

  it("gives each policy one h1 and a table of contents linking to its sections", () => {
    renderAt(<TermsPage />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const toc = screen.getByRole("navigation", { name: "Contents" });
    const first = within(toc).getAllByRole("link")[0];
    const target = document.querySelector(first.getAttribute("href") ?? "#missing");
    expect(target?.tagName).toBe("SECTION");
  });
});

describe("LandingPage", () => {
  it("links to the doctors list and asks the shell to open registration", async () => {
    renderAt(<LandingPage />);
    const [findDoctor] = screen.getAllByRole("link", { name: "Find a doctor" });
    expect(findDoctor.getAttribute("href")).toBe("/doctors");

    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    globalThis.addEventListener("auth:open", listener);
    await userEvent.setup().click(screen.getAllByRole("button", { name: "Join" })[0]);
    globalThis.removeEventListener("auth:open", listener);
    expect(opened).toEqual(["register"]);
  });
});

describe("AgreementPage", () => {
  function renderAgreement(name: string) {
    // The server knows no managed agreement: every call answers 404 (the built-in pages need none).
    vi.stubGlobal("fetch", vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ status: "error", message: "Agreement not found", code: 404, details: {} }), {
        status: 404, headers: { "Content-Type": "application/json" },
      }))));
    const deps = createAppDeps({ storage: createMemoryStorage(), tabFlags: createMemoryStorage() });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return renderAt(
      <AppDepsProvider deps={deps}>
        <QueryClientProvider client={client}>
          <Routes>
            <Route path="/agreement/:agreementName" element={<AgreementPage />} />
          </Routes>
        </QueryClientProvider>
      </AppDepsProvider>,
      `/agreement/${name}`,
    );
  }

  it.each([
    ["terms", "Terms and conditions"],
    ["privacy", "Privacy policy"],
    ["prescription", "Prescription policy"],
    ["membership", "Membership agreement"],
  ])("renders %s", (name, title) => {
    renderAgreement(name);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
  });

  it("answers an unknown name with a short message and a link home", async () => {
    renderAgreement("cookies");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Agreement not found");
    expect(screen.getByRole("link", { name: /home page/i }).getAttribute("href")).toBe("/");
  });
});

describe("ContactUsPage", () => {
  function envelopeResponse(body: unknown, status = 200) {
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }

  async function fillValid(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("Name"), "Ada Patient");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Subject"), "Billing");
    await user.type(screen.getByLabelText("Message"), "How do I change my plan?");
  }

  it("shows field errors tied to their inputs when submitted empty, without sending", async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal("fetch", fetchStub);
    const user = userEvent.setup();
    renderAt(<ContactUsPage />);

    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Name is required",
      "Enter a valid email",
      "Subject is required",
      "Message is required",
    ]);
    const name = screen.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Name is required",
    );
    expect(document.activeElement).toBe(name);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("posts the message as JSON and confirms a success envelope", async () => {
    const fetchStub = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(envelopeResponse({ status: "success", result: { received: true } }))
    );
    vi.stubGlobal("fetch", fetchStub);
    const user = userEvent.setup();
    renderAt(<ContactUsPage />);

    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect((await screen.findByRole("status")).textContent).toMatch(/message has been sent/);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0];
    expect(url).toBe("/api/v1/contactus");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Patient",
      email: "ada@example.com",
      subject: "Billing",
      message: "How do I change my plan?",
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's message and its field error from an error envelope", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(envelopeResponse(
        {
          status: "error",
          message: "Some fields are not valid",
          code: 400,
          details: { fields: { email: "This email address cannot receive mail" } },
        },
        400,
      )));
    const user = userEvent.setup();
    renderAt(<ContactUsPage />);

    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    const email = screen.getByLabelText("Email");
    expect((await screen.findByText("This email address cannot receive mail")).getAttribute("role")).toBe("alert");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Some fields are not valid").getAttribute("role")).toBe("alert");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says so when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const user = userEvent.setup();
    renderAt(<ContactUsPage />);

    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(await screen.findByText(/could not reach the server/)).toBeTruthy();
  });
});
