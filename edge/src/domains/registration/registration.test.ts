/** Registration and activation through the HTTP API: every field rule, doctor applications. */
import assert from "node:assert/strict";
import { apiTest, type Reply, type TestContext } from "../../test/harness.ts";
import { INVALID_LINK } from "./service.ts";
import { randomEmail, tokenFrom } from "./test-helpers.ts";

const NOT_ACTIVATED = "Your account is not activated. Check your email for the activation link.";
const PASSWORD = "secret-123";
const AGREEMENTS = ["terms", "privacy", "prescription"];


/** YYYY-MM-DD of today (UTC) moved by whole years and days. */
function isoDate(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function patientInput(overrides: Record<string, unknown> = {}) {
  return {
    role: "patient",
    email: randomEmail(),
    password: PASSWORD,
    repeatPassword: PASSWORD,
    firstName: "Pat",
    lastName: "Ient",
    birthDate: "1990-04-30",
    gender: "Female",
    phoneNumber: "+17025550100",
    state: "NV",
    city: "Reno",
    zip: "89501",
    address: "1 Main St",
    agreements: AGREEMENTS,
    ...overrides,
  };
}

/** A minimal PNG: the 8-byte signature followed by the start of an IHDR chunk. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);

function doctorForm(overrides: Record<string, string> = {}, sign: File | null = new File([PNG_BYTES], "sign.png", { type: "image/png" })) {
  const fields: Record<string, string> = {
    role: "doctor",
    email: randomEmail("doc"),
    password: PASSWORD,
    repeatPassword: PASSWORD,
    firstName: "Doc",
    lastName: "Tor",
    birthDate: "1975-06-15",
    gender: "Male",
    phoneNumber: "7025550101",
    state: "NV",
    city: "Reno",
    zip: "89501",
    address: "2 Clinic Rd",
    agreements: JSON.stringify(AGREEMENTS),
    npi: "1234567890",
    dea: "AB1234563",
    fax: "7025550102",
    timezone: "America/Los_Angeles",
    specialty: "Family practice",
    licensedStates: JSON.stringify(["NV", "CA"]),
    ...overrides,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (sign) form.append("sign", sign);
  return { form, email: fields.email };
}

async function userCount(ctx: TestContext, email: string): Promise<number> {
  const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from users where lower(email) = lower(${email})`;
  return count;
}

/** A 400 naming `field`, and no user row for `email`. */
async function assertRefused(ctx: TestContext, res: Reply, field: string, email: string, message?: string | RegExp) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.status, "error");
  assert.equal(res.body.code, 400);
  const fields = res.body.details?.fields ?? {};
  assert.ok(field in fields, `expected details.fields.${field}, got ${JSON.stringify(fields)}`);
  if (typeof message === "string") assert.equal(fields[field], message);
  else if (message) assert.match(fields[field], message);
  assert.equal(await userCount(ctx, email), 0, "no user row is created");
}


apiTest("patient registration and activation", async (t, ctx) => {
  const input = patientInput({ firstName: "A".repeat(34) });

  await t.step("POST /users creates an unactivated patient (a 34-symbol name is fine)", async () => {
    const res = await ctx.call("POST", "/users", { body: input });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.status, "success");
    const user = res.body.result.user;
    assert.equal(user.role, "patient");
    assert.equal(user.email, input.email);
    assert.equal(user.firstName, "A".repeat(34));
    assert.equal(user.isActivated, false);
    assert.equal(user.profileNotFilledStage, "medicalCard");
    assert.equal(user.fullAccess, false);
    assert.equal(user.applicationStatus, null);
    assert.equal("password_hash" in user || "passwordHash" in user, false);
    const agreements = await ctx.sql<{ name: string }[]>`
      select name from user_agreements where user_id = ${user.id} order by name`;
    assert.deepEqual(agreements.map((a) => a.name), ["prescription", "privacy", "terms"]);
  });

  let token = "";
  await t.step("the activation mail carries the verifyRegistration link", async () => {
    const mail = await ctx.lastMessage(input.email);
    assert.ok(mail, "an activation mail is in the outbox");
    assert.ok(mail.body.includes("http://app.test/verifyRegistration?token="), mail.body);
    token = tokenFrom(mail.body, "verifyRegistration");
  });

  await t.step("login before activation is refused with the not-activated message", async () => {
    const res = await ctx.call("POST", "/users/login", { body: { email: input.email, password: PASSWORD } });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, NOT_ACTIVATED);
    assert.equal(res.body.details.reason, "NOT_ACTIVATED");
  });

  await t.step("POST /users/verify activates the account", async () => {
    const res = await ctx.call("POST", "/users/verify", { body: { token } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result, { activated: true });
    const [row] = await ctx.sql<{ is_activated: boolean }[]>`select is_activated from users where email = ${input.email}`;
    assert.equal(row.is_activated, true);
  });

  await t.step("the activation token works once", async () => {
    const res = await ctx.call("POST", "/users/verify", { body: { token } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_LINK);
    assert.equal(res.body.details.reason, "INVALID_TOKEN");
  });

  await t.step("an unknown activation token is refused", async () => {
    const res = await ctx.call("POST", "/users/verify", { body: { token: "x".repeat(43) } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_LINK);
  });

  await t.step("login works after activation (email in another case)", async () => {
    const res = await ctx.call("POST", "/users/login", { body: { email: input.email.toUpperCase(), password: PASSWORD } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.user.isActivated, true);
    assert.equal(typeof res.body.result.accessToken, "string");
  });

  await t.step("a phone without a country code is stored in E.164 as a US number", async () => {
    const other = patientInput({ phoneNumber: "(702) 555-0199" });
    const res = await ctx.call("POST", "/users", { body: other });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.user.phoneNumber, "+17025550199");
    const [row] = await ctx.sql<{ phone_number: string }[]>`select phone_number from users where email = ${other.email}`;
    assert.equal(row.phone_number, "+17025550199");
  });

  await t.step("someone who turned 18 yesterday may register", async () => {
    const res = await ctx.call("POST", "/users", { body: patientInput({ birthDate: isoDate(-18, -1) }) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });

  await t.step("a taken email in another case is refused with details.fields.email", async () => {
    const res = await ctx.call("POST", "/users", { body: patientInput({ email: input.email.toUpperCase() }) });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, "Email already occupied");
    assert.equal(res.body.details.fields.email, "Email already occupied");
    assert.equal(await userCount(ctx, input.email), 1, "still one account for the address");
  });
});

apiTest("registration refuses every invalid field and creates nothing", async (t, ctx) => {
  const cases: { name: string; overrides: Record<string, unknown>; field: string; message?: string | RegExp }[] = [
    { name: "under 18 (today minus 17 years)", overrides: { birthDate: isoDate(-17) }, field: "birthDate", message: /18 or older/ },
    { name: "18 tomorrow", overrides: { birthDate: isoDate(-18, 1) }, field: "birthDate", message: /18 or older/ },
    { name: "born before 1900", overrides: { birthDate: "1899-12-31" }, field: "birthDate", message: "Birth date cannot be before 1900" },
    { name: "birth date in the future", overrides: { birthDate: isoDate(0, 2) }, field: "birthDate", message: "Birth date cannot be in the future" },
    { name: "impossible date 2001-02-30", overrides: { birthDate: "2001-02-30" }, field: "birthDate", message: /complete birth date/ },
    { name: "date not in ISO form", overrides: { birthDate: "04/30/1990" }, field: "birthDate", message: /complete birth date/ },
    { name: "first name of 35 symbols", overrides: { firstName: "A".repeat(35) }, field: "firstName", message: /under 35/ },
    { name: "last name of 35 symbols", overrides: { lastName: "B".repeat(35) }, field: "lastName", message: /under 35/ },
    { name: "empty first name", overrides: { firstName: "   " }, field: "firstName" },
    { name: "zip of 4 digits", overrides: { zip: "8950" }, field: "zip", message: "Zip must be exactly five digits" },
    { name: "zip with letters", overrides: { zip: "8950A" }, field: "zip", message: "Zip must be exactly five digits" },
    { name: "zip of 6 digits", overrides: { zip: "895011" }, field: "zip" },
    { name: "invalid email", overrides: { email: "not-an-email" }, field: "email", message: "Enter a valid email" },
    { name: "invalid phone", overrides: { phoneNumber: "12345" }, field: "phoneNumber", message: "Enter a valid phone number" },
    { name: "password of 7 symbols", overrides: { password: "Abc#12x", repeatPassword: "Abc#12x" }, field: "password", message: /at least 8/ },
    { name: "a common password", overrides: { password: "qwerty123", repeatPassword: "qwerty123" }, field: "password", message: /too common/ },
    { name: "mismatched repeatPassword", overrides: { repeatPassword: "secret-124" }, field: "repeatPassword", message: "Passwords do not match" },
    { name: "missing agreements", overrides: { agreements: undefined }, field: "agreements" },
    { name: "agreements without 'prescription'", overrides: { agreements: ["terms", "privacy"] }, field: "agreements", message: /prescription/ },
    { name: "an unknown agreement", overrides: { agreements: [...AGREEMENTS, "lottery"] }, field: "agreements.3" },
    { name: "role admin", overrides: { role: "admin" }, field: "role", message: "Role must be patient or doctor" },
    { name: "role vma", overrides: { role: "vma" }, field: "role", message: "Role must be patient or doctor" },
    { name: "unknown state", overrides: { state: "XX" }, field: "state", message: "Choose a US state" },
    { name: "unknown gender", overrides: { gender: "Other" }, field: "gender" },
    { name: "missing city", overrides: { city: undefined }, field: "city" },
  ];
  for (const c of cases) {
    await t.step(`400 for ${c.name}`, async () => {
      const input = patientInput(c.overrides);
      const res = await ctx.call("POST", "/users", { body: input });
      await assertRefused(ctx, res, c.field, input.email, c.message);
      assert.equal(res.body.details.reason, "VALIDATION_FAILED");
      assert.equal(await ctx.lastMessage(input.email), null, "no mail is sent");
    });
  }

  await t.step("a body that is not JSON is a 400, not a 500", async () => {
    const res = await ctx.call("POST", "/users", { body: "{not json", headers: { "content-type": "application/json" } });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.reason, "INVALID_JSON");
  });
});

apiTest("doctor application", async (t, ctx) => {
  await t.step("a multipart application with a PNG signature creates an initial doctor", async () => {
    const { form, email } = doctorForm();
    const res = await ctx.call("POST", "/users", { form });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const user = res.body.result.user;
    assert.equal(user.role, "doctor");
    assert.equal(user.applicationStatus, "initial");
    assert.equal(user.isAccountApproved, false);
    assert.equal(user.fullAccess, false);
    assert.equal(user.profileNotFilledStage, null);
    assert.deepEqual(user.licensedStates, ["NV", "CA"]);
    assert.equal(user.npi, "1234567890");
    assert.equal(user.dea, "AB1234563");
    assert.equal(user.phoneNumber, "+17025550101");
    assert.equal(user.fax, "+17025550102");
    assert.equal(user.sign, `/api/v1/users/${user.id}/sign`);
    const [blob] = await ctx.sql<{ content_type: string; size: number }[]>`
      select b.content_type, b.size from blobs b join users u on u.sign_blob_id = b.id where u.email = ${email}`;
    assert.deepEqual({ ...blob }, { content_type: "image/png", size: PNG_BYTES.byteLength });
    const agreements = await ctx.sql`select name from user_agreements where user_id = ${user.id}`;
    assert.equal(agreements.length, 3);
    assert.ok((await ctx.lastMessage(email))?.body.includes("/verifyRegistration?token="));
  });

  await t.step("a text file renamed .png is refused on details.fields.sign", async () => {
    const fake = new File([new TextEncoder().encode("just some text, not an image")], "sign.png", { type: "image/png" });
    const { form, email } = doctorForm({}, fake);
    const res = await ctx.call("POST", "/users", { form });
    await assertRefused(ctx, res, "sign", email, /^This PNG file is damaged/);
    assert.equal(res.body.details.reason, "UNSUPPORTED_FILE");
  });

  await t.step("an empty signature file is refused", async () => {
    const { form, email } = doctorForm({}, new File([], "sign.png", { type: "image/png" }));
    const res = await ctx.call("POST", "/users", { form });
    await assertRefused(ctx, res, "sign", email);
  });

  await t.step("a missing signature is refused", async () => {
    const { form, email } = doctorForm({}, null);
    const res = await ctx.call("POST", "/users", { form });
    await assertRefused(ctx, res, "sign", email);
  });

  const bad: { name: string; overrides: Record<string, string>; field: string }[] = [
    { name: "an NPI of 9 digits", overrides: { npi: "123456789" }, field: "npi" },
    { name: "an NPI with letters", overrides: { npi: "12345678AB" }, field: "npi" },
    { name: "a DEA number starting with digits", overrides: { dea: "12ABCDEFG" }, field: "dea" },
    { name: "a DEA number too short", overrides: { dea: "AB12345" }, field: "dea" },
    { name: "no licensed states", overrides: { licensedStates: "[]" }, field: "licensedStates" },
    { name: "an unknown timezone", overrides: { timezone: "Mars/Olympus" }, field: "timezone" },
    { name: "an unknown specialty", overrides: { specialty: "Astrology" }, field: "specialty" },
  ];
  for (const c of bad) {
    await t.step(`400 for ${c.name}`, async () => {
      const { form, email } = doctorForm(c.overrides);
      const res = await ctx.call("POST", "/users", { form });
      await assertRefused(ctx, res, c.field, email);
    });
  }
});
