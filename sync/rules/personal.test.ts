/** Personal-data rules (01 §5, 02 §5 "Personal data"). */
import assert from "node:assert/strict";
import { ageOn, birthDateSchema, emailSchema, nameSchema, passwordSchema, toE164, zipSchema } from "./personal.ts";

const utc = (iso: string) => new Date(`${iso}Z`);

/** YYYY-MM-DD of today (UTC) moved by whole years and days. */
function isoDate(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

Deno.test("ageOn", async (t) => {
  await t.step("the birthday today counts the new year", () => {
    assert.equal(ageOn("2000-06-15", utc("2018-06-15T00:00:00")), 18);
    assert.equal(ageOn("2000-06-15", utc("2018-06-15T23:59:59")), 18);
  });
  await t.step("the birthday tomorrow does not", () => {
    assert.equal(ageOn("2000-06-15", utc("2018-06-14T23:59:59")), 17);
  });
  await t.step("an earlier month of the birth year's anniversary", () => {
    assert.equal(ageOn("2000-12-01", utc("2018-11-30T12:00:00")), 17);
    assert.equal(ageOn("2000-01-31", utc("2018-02-01T12:00:00")), 18);
  });
  await t.step("a 29 February birthday turns over on 1 March in common years", () => {
    assert.equal(ageOn("2000-02-29", utc("2018-02-28T12:00:00")), 17);
    assert.equal(ageOn("2000-02-29", utc("2018-03-01T00:00:00")), 18);
    assert.equal(ageOn("2000-02-29", utc("2020-02-29T00:00:00")), 20);
  });
  await t.step("uses the UTC calendar date", () => {
    // 23:30 on the 14th in New York is already the 15th in UTC.
    assert.equal(ageOn("2000-06-15", new Date("2018-06-14T23:30:00-04:00")), 18);
  });
  await t.step("born today is zero", () => {
    assert.equal(ageOn("2018-06-15", utc("2018-06-15T10:00:00")), 0);
  });
});

Deno.test("toE164", async (t) => {
  const cases: [string, string | null][] = [
    ["(702) 555-0111", "+17025550111"],
    ["702-555-0111", "+17025550111"],
    ["702.555.0111", "+17025550111"],
    ["  7025550111  ", "+17025550111"],
    ["1 702 555 0111", "+17025550111"],
    ["+1 702 555 0111", "+17025550111"],
    ["+44 20 7946 0958", "+442079460958"],
    ["12345", null],
    ["555-0111", null],
    ["", null],
    ["not a phone", null],
    ["+1 000 000 0000", null],
  ];
  for (const [input, expected] of cases) {
    await t.step(`${JSON.stringify(input)} → ${expected}`, () => {
      assert.equal(toE164(input), expected);
    });
  }
});

Deno.test("birthDateSchema", async (t) => {
  await t.step("accepts an adult's ISO date and trims it", () => {
    assert.equal(birthDateSchema.parse(" 1990-04-30 "), "1990-04-30");
    assert.equal(birthDateSchema.parse("1900-01-01"), "1900-01-01");
  });
  await t.step("accepts someone who turned 18 yesterday", () => {
    assert.ok(birthDateSchema.safeParse(isoDate(-18, -1)).success);
  });
  await t.step("refuses someone who turns 18 tomorrow", () => {
    assert.match(firstMessage(birthDateSchema.safeParse(isoDate(-18, 1)))!, /18 or older/);
  });
  await t.step("refuses a 17-year-old", () => {
    assert.match(firstMessage(birthDateSchema.safeParse(isoDate(-17)))!, /18 or older/);
  });
  await t.step("refuses dates before 1900", () => {
    assert.equal(firstMessage(birthDateSchema.safeParse("1899-12-31")), "Birth date cannot be before 1900");
  });
  await t.step("refuses dates in the future", () => {
    assert.equal(firstMessage(birthDateSchema.safeParse(isoDate(0, 1))), "Birth date cannot be in the future");
    assert.equal(firstMessage(birthDateSchema.safeParse(isoDate(1))), "Birth date cannot be in the future");
  });
  for (const bad of ["2001-02-30", "2001-13-01", "2001-00-10", "2001-2-3", "30/04/1990", "1990-04-30T00:00:00Z", "", "abc"]) {
    await t.step(`refuses the impossible or malformed date ${JSON.stringify(bad)}`, () => {
      const result = birthDateSchema.safeParse(bad);
      assert.equal(result.success, false);
      assert.match(firstMessage(result)!, /complete birth date: month, day and year/);
      assert.equal(result.error!.issues.length, 1, "a malformed date stops at the first message");
    });
  }
  await t.step("refuses a non-string", () => {
    assert.equal(firstMessage(birthDateSchema.safeParse(19900430)), "Birth date is required");
  });
});

Deno.test("other personal fields", async (t) => {
  await t.step("names are under 35 symbols after trimming", () => {
    const first = nameSchema("First name");
    assert.equal(first.parse(` ${"a".repeat(34)} `), "a".repeat(34));
    assert.equal(firstMessage(first.safeParse("a".repeat(35))), "First name must be under 35 symbols");
    assert.equal(firstMessage(first.safeParse("   ")), "First name is required");
  });
  await t.step("zip has exactly five digits", () => {
    assert.equal(zipSchema.parse("01234"), "01234");
    for (const bad of ["1234", "123456", "1234a", "12 34", ""]) assert.equal(zipSchema.safeParse(bad).success, false, bad);
  });
  await t.step("email is trimmed and lower-cased", () => {
    assert.equal(emailSchema.parse("  Jane.Doe@Example.TEST "), "jane.doe@example.test");
    for (const bad of ["jane", "jane@", "@example.test", "jane doe@example.test"]) {
      assert.equal(emailSchema.safeParse(bad).success, false, bad);
    }
  });
  await t.step("password has at least 8 symbols (NIST SP 800-63B), no composition rules", () => {
    const seven = passwordSchema.safeParse("tq8#vLp");
    assert.equal(seven.success, false);
    assert.equal(seven.error?.issues[0].message, "Password must be at least 8 symbols");
    assert.equal(passwordSchema.safeParse("tq8#vLpz").success, true);
    assert.equal(passwordSchema.safeParse("all lower case words here").success, true);
  });
  await t.step("a common password is refused with the reason, whatever its case", () => {
    for (const common of ["password1", "qwerty123", "Password1", "iloveyou"]) {
      const result = passwordSchema.safeParse(common);
      assert.equal(result.success, false, common);
      assert.match(result.error!.issues[0].message, /too common/, common);
    }
    assert.equal(passwordSchema.safeParse("demo-password").success, true);
  });
});
