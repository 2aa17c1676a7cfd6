/** The PWA's known routes (01 §2): anything else is the not-found page. */
import assert from "node:assert/strict";
import { isKnownRoute, PUBLIC_ROUTES, ROLE_ROUTES, SIGNED_IN_ROUTES } from "./routes.ts";

Deno.test("isKnownRoute", async (t) => {
  await t.step("every listed static route is known", () => {
    const all = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, ...Object.values(ROLE_ROUTES).flat()];
    for (const route of all.filter((r) => !r.includes(":"))) assert.equal(isKnownRoute(route), true, route);
  });

  const known = [
    "/", "/landing", "/doctors", "/doctors/", "/contact-us", "/faq", "/conditions-treated", "/verifyRegistration",
    "/resetPassword", "/vmaPassword", "/stripe/connect", "/stripe/connected", "/stripe/inactive",
    "/profile", "/profile/edit", "/fillProfile", "/home", "/messages",
    "/vma/patients", "/doctor/erx", "/transactions", "/health-record", "/admin", "/admin/providers", "/admin/promo-codes",
  ];
  for (const path of known) {
    await t.step(`${path} is known`, () => assert.equal(isKnownRoute(path), true));
  }

  const withParams = [
    "/profile/3f2b9c1e-0000-4000-8000-000000000001", "/agreement/terms", "/settings/abc", "/consultation/42",
    "/calendar/3f2b9c1e-0000-4000-8000-000000000001", "/doctor/patients/3f2b9c1e-0000-4000-8000-000000000001",
    "/vma/patients/3f2b9c1e-0000-4000-8000-000000000001",
    "/doctor/patients/3f2b9c1e-0000-4000-8000-000000000001/encounters/3f2b9c1e-0000-4000-8000-000000000002",
    "/vma/patients/3f2b9c1e-0000-4000-8000-000000000001/encounters/3f2b9c1e-0000-4000-8000-000000000002",
    "/health-record/encounters/3f2b9c1e-0000-4000-8000-000000000002",
  ];
  for (const path of withParams) {
    await t.step(`${path} matches a route with a parameter`, () => assert.equal(isKnownRoute(path), true));
  }

  const unknown = [
    "/nope", "/profile/a/b", "/agreement", "/agreement/", "/consultation", "/admin/unknown", "/vma", "/doctor",
    "/doctorsx", "/api/v1/users", "", "/settings/a/b", "/stripe", "/doctor/patients/a/b", "/vma/patients/a/files", "/home/extra", "/profile/edit/more",
    "/health-record/a", "/health-record/encounters", "/doctor/patients/a/encounters", "/doctor/patients/a/encounters/b/c",
  ];
  for (const path of unknown) {
    await t.step(`${JSON.stringify(path)} is not known`, () => assert.equal(isKnownRoute(path), false));
  }
});
