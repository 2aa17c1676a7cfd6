import { describe, expect, it } from "vitest";
import { homePath } from "../../../../sync/rules/home-path.ts";
import { accessFor, decideRoute, type GuardSession, postSignInPath } from "./guards.ts";

type GuardUser = NonNullable<GuardSession["user"]>;

const patient = (patch: Partial<GuardUser> = {}): GuardUser => ({
  role: "patient",
  fullAccess: true,
  profileNotFilledStage: null,
  stripeAccount: null,
  isActiveStripeAccount: false,
  ...patch,
});
const doctor = (patch: Partial<GuardUser> = {}): GuardUser => ({
  role: "doctor",
  fullAccess: true,
  profileNotFilledStage: null,
  stripeAccount: "acct_1",
  isActiveStripeAccount: true,
  ...patch,
});
const vma = (): GuardUser => ({ ...patient(), role: "vma" });
const admin = (): GuardUser => ({ ...patient(), role: "admin" });

const signedIn = (user: GuardUser, patch: Partial<GuardSession> = {}): GuardSession => ({
  status: "authorized",
  user,
  logoutCause: null,
  inactiveNoticeClosed: false,
  ...patch,
});
const guest = (patch: Partial<GuardSession> = {}): GuardSession => ({
  status: "guest",
  user: null,
  logoutCause: null,
  inactiveNoticeClosed: false,
  ...patch,
});

describe("accessFor", () => {
  it.each([
    ["/", "public"],
    ["/faq", "public"],
    ["/profile/123", "public"],
    ["/agreement/terms", "public"],
    ["/stripe/inactive", "public"],
    ["/profile", "signedIn"],
    ["/profile/edit", "signedIn"],
    ["/settings/abc", "signedIn"],
    ["/consultation/42", "signedIn"],
    ["/calendar/7", "signedIn"],
    ["/vma/tasks", "role"],
    ["/doctor/erx", "role"],
    ["/transactions", "role"],
    ["/admin", "role"],
    ["/admin/promo-codes", "role"],
    ["/health-record", "role"],
    ["/health-record/encounters/42", "role"],
    ["/doctor/patients/1/encounters/2", "role"],
    ["/no/such/page", "public"],
  ])("%s is %s", (path, kind) => {
    expect(accessFor(path).kind).toBe(kind);
  });
});

const ID1 = "3f2b9c1e-0000-4000-8000-000000000001";
const ID2 = "3f2b9c1e-0000-4000-8000-000000000002";

describe("decideRoute", () => {
  it.each<[string, string, GuardSession, ReturnType<typeof decideRoute>]>([
    ["guest on a public page", "/faq", guest(), { type: "allow" }],
    ["guest on landing", "/", guest(), { type: "allow" }],
    ["guest on a signed-in page", "/home", guest(), { type: "redirect", to: "/" }],
    ["guest after a server logout", "/messages", guest({ logoutCause: "server" }), {
      type: "redirect",
      to: "/",
      remember: "/messages",
    }],
    ["guest after a user logout", "/settings", guest({ logoutCause: "user" }), {
      type: "redirect",
      to: "/",
      remember: "/settings",
    }],
    ["guest on a role page", "/admin", guest(), { type: "redirect", to: "/" }],
    ["stored sign-in being checked", "/home", guest({ status: "checking" }), { type: "wait" }],
    ["stored sign-in unverifiable offline", "/home", guest({ status: "offline" }), { type: "offline" }],
    ["offline on a public page", "/faq", guest({ status: "offline" }), { type: "allow" }],
    ["admin at /", "/", signedIn(admin()), { type: "redirect", to: "/admin" }],
    ["admin on admin pages", "/admin/reviews", signedIn(admin()), { type: "allow" }],
    ["patient at /", "/", signedIn(patient()), { type: "allow" }],
    ["patient on a doctor page", "/doctor/patients", signedIn(patient()), { type: "redirect", to: "/" }],
    ["patient on an admin page", "/admin", signedIn(patient()), { type: "redirect", to: "/" }],
    ["doctor on a vma page", "/vma/patients", signedIn(doctor()), { type: "redirect", to: "/" }],
    ["vma on a vma page", "/vma/patients", signedIn(vma()), { type: "allow" }],
    ["vma in a patient's workspace", "/vma/patients/3f2b9c1e-0000-4000-8000-000000000001", signedIn(vma()), { type: "allow" }],
    ["doctor in a patient's workspace", "/doctor/patients/3f2b9c1e-0000-4000-8000-000000000001", signedIn(doctor()), {
      type: "allow",
    }],
    ["patient in a doctor's patient workspace", "/doctor/patients/3f2b9c1e-0000-4000-8000-000000000001", signedIn(patient()), {
      type: "redirect",
      to: "/",
    }],
    ["doctor in a vma's patient workspace", "/vma/patients/3f2b9c1e-0000-4000-8000-000000000001", signedIn(doctor()), {
      type: "redirect",
      to: "/",
    }],
    ["patient on their health record", "/health-record", signedIn(patient()), { type: "allow" }],
    ["patient on an encounter of their record", `/health-record/encounters/${ID2}`, signedIn(patient()), { type: "allow" }],
    ["doctor on a patient's health record", "/health-record", signedIn(doctor()), { type: "redirect", to: "/" }],
    ["vma on a patient's record encounter", `/health-record/encounters/${ID2}`, signedIn(vma()), { type: "redirect", to: "/" }],
    ["admin on a patient's health record", "/health-record", signedIn(admin()), { type: "redirect", to: "/" }],
    ["guest on a health record after a server logout", "/health-record", guest({ logoutCause: "server" }), {
      type: "redirect",
      to: "/",
      remember: "/health-record",
    }],
    ["unfilled patient on the health record", "/health-record", signedIn(patient({ profileNotFilledStage: "medicalCard" })), {
      type: "redirect",
      to: "/fillProfile",
    }],
    ["doctor on an encounter", `/doctor/patients/${ID1}/encounters/${ID2}`, signedIn(doctor()), { type: "allow" }],
    ["vma on an encounter", `/vma/patients/${ID1}/encounters/${ID2}`, signedIn(vma()), { type: "allow" }],
    ["vma on a doctor's encounter path", `/doctor/patients/${ID1}/encounters/${ID2}`, signedIn(vma()), { type: "redirect", to: "/" }],
    ["patient on a doctor's encounter path", `/doctor/patients/${ID1}/encounters/${ID2}`, signedIn(patient()), {
      type: "redirect",
      to: "/",
    }],
    ["vma on doctor transactions", "/transactions", signedIn(vma()), { type: "redirect", to: "/" }],
    ["doctor on transactions", "/transactions", signedIn(doctor()), { type: "allow" }],
    ["unfilled patient on home", "/home", signedIn(patient({ profileNotFilledStage: "medicalCard" })), {
      type: "redirect",
      to: "/fillProfile",
    }],
    ["unfilled patient on settings", "/settings", signedIn(patient({ profileNotFilledStage: "medicalCard" })), {
      type: "redirect",
      to: "/fillProfile",
    }],
    ["unfilled patient on fillProfile", "/fillProfile", signedIn(patient({ profileNotFilledStage: "medicalCard" })), {
      type: "allow",
    }],
    ["unfilled patient reading the terms", "/terms-and-conditions", signedIn(
      patient({ profileNotFilledStage: "medicalCard" }),
    ), { type: "allow" }],
    ["filled patient on fillProfile", "/fillProfile", signedIn(patient()), { type: "allow" }],
    ["doctor on fillProfile", "/fillProfile", signedIn(doctor()), { type: "redirect", to: "/home" }],
    ["approved doctor without payout account", "/home", signedIn(doctor({ stripeAccount: null })), {
      type: "redirect",
      to: "/stripe/connect",
    }],
    ["doctor without payout account on connect", "/stripe/connect", signedIn(doctor({ stripeAccount: null })), {
      type: "allow",
    }],
    ["doctor without payout account on connected", "/stripe/connected", signedIn(doctor({ stripeAccount: null })), {
      type: "allow",
    }],
    // A new doctor (not approved yet) is sent to connect first: approval needs a connected account.
    ["unapproved doctor without payout account", "/profile", signedIn(
      doctor({ fullAccess: false, stripeAccount: null }),
    ), { type: "redirect", to: "/stripe/connect" }],
    ["unapproved doctor without payout account on settings", "/settings", signedIn(
      doctor({ fullAccess: false, stripeAccount: null }),
    ), { type: "allow" }],
    ["unapproved doctor with a payout account", "/profile", signedIn(doctor({ fullAccess: false })), { type: "allow" }],
    ["doctor with an inactive payout account", "/home", signedIn(doctor({ isActiveStripeAccount: false })), {
      type: "redirect",
      to: "/stripe/inactive",
    }],
    ["inactive payout account, notice closed", "/home", signedIn(doctor({ isActiveStripeAccount: false }), {
      inactiveNoticeClosed: true,
    }), { type: "allow" }],
    ["inactive payout account on the inactive page", "/stripe/inactive", signedIn(
      doctor({ isActiveStripeAccount: false }),
    ), { type: "allow" }],
    ["doctor with an active payout account", "/doctor/erx", signedIn(doctor()), { type: "allow" }],
    ["anyone on an unknown path", "/nope", signedIn(patient()), { type: "allow" }],
  ])("%s", (_name, path, session, expected) => {
    expect(decideRoute(path, session)).toEqual(expected);
  });
});

describe("homePath", () => {
  it.each([
    ["guest", null, "/"],
    ["admin", admin(), "/admin"],
    ["vma", vma(), "/messages"],
    ["approved doctor", doctor(), "/home"],
    ["doctor without full access", doctor({ fullAccess: false }), "/profile"],
    ["unfilled patient", patient({ profileNotFilledStage: "medicalCard" }), "/fillProfile"],
    ["patient", patient(), "/home"],
    ["patient without a doctor", patient({ fullAccess: false }), "/home"],
  ])("%s → %s", (_name, user, expected) => {
    expect(homePath(user)).toBe(expected);
  });
});

describe("postSignInPath", () => {
  it("goes home without a remembered path", () => {
    expect(postSignInPath(doctor(), null)).toBe("/home");
    expect(postSignInPath(admin(), null)).toBe("/admin");
  });

  it("returns to a remembered path the user may see, with its query", () => {
    expect(postSignInPath(patient(), "/messages?chat=1")).toBe("/messages?chat=1");
    expect(postSignInPath(admin(), "/admin/reviews")).toBe("/admin/reviews");
  });

  it("ignores a remembered path of another role", () => {
    expect(postSignInPath(patient(), "/admin/reviews")).toBe("/home");
    expect(postSignInPath(vma(), "/doctor/erx")).toBe("/messages");
  });

  it("ignores a remembered path the user would be redirected away from", () => {
    expect(postSignInPath(patient({ profileNotFilledStage: "medicalCard" }), "/messages")).toBe("/fillProfile");
    expect(postSignInPath(admin(), "/")).toBe("/admin");
  });

  it("refuses paths that leave the site", () => {
    expect(postSignInPath(patient(), "//evil.example/home")).toBe("/home");
    expect(postSignInPath(patient(), "https://evil.example")).toBe("/home");
  });
});
