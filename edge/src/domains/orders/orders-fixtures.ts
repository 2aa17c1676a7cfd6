/** Test setup for orders: two practices (chart fixtures), an encounter, and the e-prescribing emulator wired to the app. */
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { serveErxEmulator, type ServedErxEmulator } from "../../../emulators/erx/emulator.ts";
import { createPractices } from "../chart/chart-fixtures.ts";

export const ERX_CREDS = { clinicId: "clinic-1", clinicKey: "clinic-key-7f3a9c2e", userId: "user-1", webhookSecret: "whsec-test-5b8d1e7a9c3f" };

/** One Deno test with steps: a test context whose `erx` is the emulator (callbacks delivered into the app). */
export function ordersTest(name: string, fn: (t: Deno.TestContext, ctx: TestContext, erx: ServedErxEmulator) => Promise<void>, delayMs = 0) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const erx = await serveErxEmulator({ ...ERX_CREDS, callbackUrl: "http://app.test/api/v1/erx/callbacks", delayMs });
    const ctx = await createTestContext({
      env: {
        ERX_BASE_URL: erx.url, ERX_CLINIC_ID: ERX_CREDS.clinicId, ERX_CLINIC_KEY: ERX_CREDS.clinicKey, ERX_USER_ID: ERX_CREDS.userId,
        ERX_WEBHOOK_SECRET: ERX_CREDS.webhookSecret,
      },
    });
    erx.setDeliver(async (url, init) => await ctx.app.request(url, init));
    try {
      await fn(t, ctx, erx);
    } finally {
      await erx.close();
      await ctx.close();
    }
  });
}

export async function ordersSetup(ctx: TestContext) {
  const u = await createPractices(ctx);
  // The doctor's e-prescribing profile (NPI with a valid check digit, fax).
  await ctx.sql`update users set npi = '1234567893', fax = '+17025550199' where id = ${u.doctor.id}`;
  const res = await ctx.call("POST", `/encounters/${u.patient.id}`, {
    token: u.doctor.token, body: { type: "video", reason: "Sore throat", datetime: "2026-01-10T15:00:00Z" },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const other = await ctx.call("POST", `/encounters/${u.otherPatient.id}`, {
    token: u.otherDoctor.token, body: { type: "video", reason: "Rash", datetime: "2026-01-10T15:00:00Z" },
  });
  return { ...u, encounter: res.body.result as { id: string }, otherEncounter: other.body.result as { id: string } };
}
