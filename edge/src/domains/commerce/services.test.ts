/** Paid services: admin create/edit/activate/homepage, doctors enable/disable for themselves, what patients see. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

const imaging = {
  name: "Imaging referral",
  description: "Allow 2 business days.",
  subscriberPriceCents: 3000,
  nonSubscriberPriceCents: 5900,
  fields: [{ key: "bodyPart", label: "Body part", kind: "input", placeholder: "e.g. left knee", required: true }],
  attachableFiles: true,
  intakeForm: true,
};

apiTest("paid services: admin management, doctors' choice, patients' view", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { stripe_account: "acct_x", is_active_stripe_account: true });
  const other = await ctx.createUser("doctor", { stripe_account: "acct_y", is_active_stripe_account: true });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  let id = "";

  await t.step("only an admin creates; bad input answers 400 and makes nothing", async () => {
    assert.equal((await ctx.call("POST", "/paidServices", { token: doctor.token, body: imaging })).status, 403);
    assert.equal((await ctx.call("POST", "/paidServices", { token: patient.token, body: imaging })).status, 403);
    const bad = [
      { ...imaging, subscriberPriceCents: null, nonSubscriberPriceCents: null }, { ...imaging, nonSubscriberPriceCents: 59.5 },
      { ...imaging, nonSubscriberPriceCents: -1 }, { ...imaging, name: "" }, { ...imaging, name: "a\u0000" },
      { ...imaging, fields: [{ key: "x", label: "X", kind: "select" }] },
      { ...imaging, fields: [{ key: "a", label: "A", kind: "input" }, { key: "a", label: "B", kind: "textarea" }] },
      { ...imaging, unknown: true },
    ];
    for (const body of bad) assert.equal((await ctx.call("POST", "/paidServices", { token: admin.token, body })).status, 400, JSON.stringify(body));
    assert.equal((await ctx.call("GET", "/paidServices/list", { token: admin.token })).body.result.totalCount, 0);
  });

  await t.step("created active, not on the homepage; edited", async () => {
    const res = await ctx.call("POST", "/paidServices", { token: admin.token, body: imaging });
    assert.equal(res.status, 201);
    id = res.body.result.id;
    assert.equal(res.body.result.isActive, true);
    assert.equal(res.body.result.isHomepage, false);
    assert.deepEqual(res.body.result.fields, [{ ...imaging.fields[0] }]);
    const edit = await ctx.call("PUT", `/paidServices/${id}`, { token: admin.token, body: { ...imaging, subscriberPriceCents: null } });
    assert.equal(edit.status, 200);
    assert.equal(edit.body.result.subscriberPriceCents, null);
    assert.equal((await ctx.call("PUT", `/paidServices/${crypto.randomUUID()}`, { token: admin.token, body: imaging })).body.message, "No such service!");
    assert.equal((await ctx.call("PUT", `/paidServices/not-a-uuid`, { token: admin.token, body: imaging })).status, 400);
  });

  await t.step("homepage: public list of active homepage services", async () => {
    assert.deepEqual((await ctx.call("GET", "/paidServices/home")).body.result, []);
    assert.equal((await ctx.call("PUT", `/paidServices/${id}/add-to-homepage`, { token: doctor.token })).status, 403);
    assert.equal((await ctx.call("PUT", `/paidServices/${id}/add-to-homepage`, { token: admin.token })).status, 200);
    assert.deepEqual((await ctx.call("GET", "/paidServices/home")).body.result.map((s: { id: string }) => s.id), [id]);
  });

  await t.step("a doctor enables it for themselves; patients see it on that doctor's profile only", async () => {
    const settings = await ctx.call("GET", "/paidServices/settings/me", { token: doctor.token });
    assert.deepEqual(settings.body.result.map((s: { id: string; enabled: boolean }) => [s.id, s.enabled]), [[id, false]]);
    assert.deepEqual((await ctx.call("GET", `/paidServices/doctor/${doctor.id}`, { token: patient.token })).body.result, []);
    assert.equal((await ctx.call("PUT", `/paidServices/${id}/enable/for/me`, { token: patient.token })).status, 403);
    const on = await ctx.call("PUT", `/paidServices/${id}/enable/for/me`, { token: doctor.token });
    assert.equal(on.body.result.enabled, true);
    assert.deepEqual((await ctx.call("GET", `/paidServices/doctor/${doctor.id}`, { token: patient.token })).body.result.map((s: { id: string }) => s.id), [id]);
    assert.deepEqual((await ctx.call("GET", `/paidServices/doctor/${other.id}`, { token: patient.token })).body.result, []);
    assert.equal((await ctx.call("GET", `/paidServices/doctor/${patient.id}`, { token: patient.token })).status, 404);
    // Guests see the same list (names and prices, like the membership options); a non-doctor is 404 for them too.
    const guest = await ctx.call("GET", `/paidServices/doctor/${doctor.id}`);
    assert.equal(guest.status, 200);
    assert.deepEqual(guest.body.result.map((s: { id: string; nonSubscriberPriceCents: number }) => [s.id, s.nonSubscriberPriceCents]), [[id, 5900]]);
    assert.equal((await ctx.call("GET", `/paidServices/doctor/${patient.id}`)).status, 404);
    assert.equal((await ctx.call("GET", `/paidServices/doctor/not-a-uuid`)).status, 400);
    assert.equal((await ctx.call("PUT", `/paidServices/${crypto.randomUUID()}/enable/for/me`, { token: doctor.token })).status, 404);
    const off = await ctx.call("PUT", `/paidServices/${id}/disable/for/me`, { token: doctor.token });
    assert.equal(off.body.result.enabled, false);
    assert.deepEqual((await ctx.call("GET", `/paidServices/doctor/${doctor.id}`, { token: patient.token })).body.result, []);
    await ctx.call("PUT", `/paidServices/${id}/enable/for/me`, { token: doctor.token });
  });

  await t.step("deactivated: off the homepage, the dropdown, the doctor's profile and settings", async () => {
    assert.equal((await ctx.call("PUT", `/paidServices/deactivate/${id}`, { token: admin.token })).body.result.isActive, false);
    assert.deepEqual((await ctx.call("GET", "/paidServices/home")).body.result, []);
    assert.deepEqual((await ctx.call("GET", "/paidServices/dropdown", { token: patient.token })).body.result, []);
    assert.deepEqual((await ctx.call("GET", `/paidServices/doctor/${doctor.id}`, { token: patient.token })).body.result, []);
    assert.deepEqual((await ctx.call("GET", "/paidServices/settings/me", { token: doctor.token })).body.result, []);
    await ctx.call("PUT", `/paidServices/activate/${id}`, { token: admin.token });
    assert.deepEqual((await ctx.call("GET", "/paidServices/dropdown", { token: patient.token })).body.result, [{ id, name: "Imaging referral" }]);
    // The doctor's choice survived the deactivation.
    assert.equal((await ctx.call("GET", `/paidServices/doctor/${doctor.id}`, { token: patient.token })).body.result.length, 1);
  });

  await t.step("every write is audited", async () => {
    const rows = await ctx.sql`select details->>'what' as what from audit_log where event = 'payment.write' order by id`;
    const whats = rows.map((r) => r.what);
    for (const w of ["service.create", "service.update", "service.homepage.add", "service.enable", "service.disable", "service.deactivate", "service.activate"]) {
      assert.ok(whats.includes(w), w);
    }
  });
});
