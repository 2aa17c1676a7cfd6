/**
 * The accessibility gate (issue 12): axe-core on every screen listed in
 * a11y/routes (one file per domain), for each role, at phone and desktop
 * sizes, as loaded and with each of its dialogs open. Any serious or
 * critical finding fails; a moderate one fails unless a11y/allow-list.ts
 * names it with a reason. Each role signs in once; screens are then reached
 * by in-app navigation, so the device's data stays unlocked.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";
import { type Finding, scan } from "./a11y/scan.ts";
import { SWEEP_ROUTES } from "./a11y/routes/index.ts";
import type { DemoIds, SweepRole, SweepRoute } from "./a11y/types.ts";
import { buyDemoService } from "./a11y/commerce-data.ts";

test.describe.configure({ timeout: 600_000 });

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
const EMAILS: Record<Exclude<SweepRole, "guest">, string> = {
  patient: "patient@demo.test",
  doctor: "doctor@demo.test",
  vma: "vma@demo.test",
  admin: "admin@demo.test",
};
const HOME: Record<SweepRole, RegExp> = {
  guest: /\/$/,
  patient: /\/(home|fillProfile)$/,
  doctor: /\/home$/,
  vma: /\/(home|messages)$/,
  admin: /\/(admin|home)$/,
};
async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const signIn = async (email: string) => {
    const res = await request.post("/api/v1/users/login", { data: { email, password: DEMO_PASSWORD } });
    expect(res.ok(), `demo sign-in of ${email}`).toBe(true);
    const { accessToken, user } = (await res.json()).result;
    return { id: user.id as string, headers: { authorization: `Bearer ${accessToken}` } };
  };
  const [patient, doctor, vma, admin] = await Promise.all(
    [EMAILS.patient, EMAILS.doctor, EMAILS.vma, EMAILS.admin].map(signIn),
  );
  const call = async (method: "GET" | "POST", path: string, headers: Record<string, string>, data?: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()).result;
  };
  // A chat consultation on a free slot of the next two weeks (a random one: other tests book too).
  const from = new Date(Date.now() + 3_600_000).toISOString();
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const slots = await call("GET", `/availability/slots?doctorId=${doctor.id}&from=${from}&to=${to}`, patient.headers);
  const list: { startAt: string }[] = slots.list ?? slots;
  expect(list.length, "the demo doctor has free slots").toBeGreaterThan(0);
  const slot = list[Math.floor(Math.random() * list.length)];
  const consultation = await call("POST", "/consultations", patient.headers, {
    doctorId: doctor.id,
    startAt: slot.startAt,
    type: "chat",
    reason: "Accessibility sweep: a follow-up question",
  });
  // An encounter for the demo patient, sent so the patient's health record shows it too.
  const encounter = await call("POST", `/encounters/${patient.id}`, doctor.headers, {
    type: "office",
    reason: "Accessibility sweep visit",
    datetime: new Date().toISOString(),
  });
  await call("POST", `/encounters/send/${encounter.id}`, doctor.headers);
  // A service charge, so the admin's transactions have a row to refund (the Refund dialog is swept).
  await buyDemoService(call, { patient, doctorId: doctor.id });
  return {
    patientId: patient.id,
    doctorId: doctor.id,
    vmaId: vma.id,
    adminId: admin.id,
    consultationId: consultation.id,
    encounterId: encounter.id,
  };
}

/** In-app navigation (what a link does), so no reload asks for the password again. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}


/** Bound for a click: Playwright's default is to wait for the whole test's time. */
const ACTION_MS = 10_000;
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });

/** Clicks a dialog's opener; on phones it may sit in the folded navigation, opened first. */
async function press(page: Page, name: string | RegExp) {
  const button = page.getByRole("button", { name }).first();
  if (!(await button.isVisible()) && (await menuButton(page).isVisible())) {
    await menuButton(page).click({ timeout: ACTION_MS });
  }
  await button.click({ timeout: ACTION_MS });
}

async function sweep(page: Page, role: SweepRole, routes: SweepRoute[], ids: DemoIds): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const route of routes) {
      const path = typeof route.path === "function" ? route.path(ids) : route.path;
      const where = `route ${path}, role ${role}, viewport ${viewport.name} ${viewport.width}×${viewport.height}`;
      await navigate(page, path);
      await expect(page.getByRole("heading", { level: 1, name: route.ready }), `${where}: ready`).toBeVisible();
      for (const text of route.content ?? []) {
        await expect(page.getByText(text).first(), `${where}: content ${text}`).toBeVisible();
      }
      findings.push(...await scan(page, where, path));
      if (viewport.name === "phone" && route === routes[0]) {
        // The folded navigation, once per role: open, scanned, closed.
        await menuButton(page).click({ timeout: ACTION_MS });
        await expect(page.getByRole("navigation", { name: "Main" }).getByRole("list").first()).toBeVisible();
        findings.push(...await scan(page, `${where}, menu open`, path));
        await menuButton(page).click({ timeout: ACTION_MS });
      }
      const more = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" });
      if (viewport.name === "desktop" && route === routes[0] && (await more.isVisible())) {
        // The navigation's "More" menu (issue 32), once per role: open, scanned, closed with Escape.
        await more.click({ timeout: ACTION_MS });
        await expect(more).toHaveAttribute("aria-expanded", "true");
        findings.push(...await scan(page, `${where}, More menu open`, path));
        await page.keyboard.press("Escape");
        await expect(more).toHaveAttribute("aria-expanded", "false");
      }
      for (const opener of route.dialogs ?? []) {
        await press(page, opener);
        const dialog = page.getByRole("dialog");
        await expect(dialog, `${where}: dialog of "${opener}"`).toBeVisible();
        findings.push(...await scan(page, `${where}, dialog opened by "${opener}"`, path));
        // A field may take the first Escape (a combobox closes its list, as the ARIA patterns ask).
        for (let i = 0; i < 3 && (await dialog.isVisible()); i++) {
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden", timeout: 1_000 }).catch(() => {});
        }
        await expect(dialog, `${where}: Escape closes the dialog of "${opener}"`).toBeHidden();
      }
    }
  }
  return findings;
}

/** Made once per run (the tests run one after another in one worker). */
let ids: DemoIds | undefined;

const ROLES: SweepRole[] = ["guest", "patient", "doctor", "vma", "admin"];

for (const role of ROLES) {
  test(`accessibility sweep: ${role}`, async ({ browser, request }) => {
    const routes = SWEEP_ROUTES.filter((r) => r.role === role);
    test.skip(routes.length === 0, `no screens listed for ${role}`);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      ids ??= await demoIds(request);
      await page.goto("/");
      if (role !== "guest") {
        await signIn(page, EMAILS[role]);
        await expect(page).toHaveURL(HOME[role]);
      }
      const findings = await sweep(page, role, routes, ids);
      const shown = findings.slice(0, 80).join("\n");
      const more = findings.length > 80 ? `\n…and ${findings.length - 80} more` : "";
      expect(findings.length, `${findings.length} axe findings (serious, critical, or moderate not allowed):\n${shown}${more}`).toBe(0);
    } finally {
      await context.close();
    }
  });
}
