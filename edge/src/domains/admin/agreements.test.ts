/** Agreements: managed by admins, accepted by users with their version. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

apiTest("agreements: fields, PDF only, public page, acceptance with version, new version asks again", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  const form = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    if (file) f.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    return f;
  };
  const base = { name: "telehealth-consent", title: "Telehealth consent", visible: "true", required: "true", signupPlacement: "true", footer: "false", status: "published", date: "2026-01-01" };

  await t.step("the built-in agreements are there; everyone has accepted the required ones at sign-up", async () => {
    const list = await ctx.call("GET", "/agreements?placement=signup");
    assert.deepEqual(list.body.result.map((a: { name: string }) => a.name).sort(), ["prescription", "privacy", "terms"]);
    await ctx.sql`insert into user_agreements (user_id, name) values (${patient.id}, 'terms'), (${patient.id}, 'privacy'), (${patient.id}, 'prescription')`;
    assert.deepEqual((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result, []);
  });

  await t.step("admins create with a PDF; other files, roles and bad fields are refused", async () => {
    assert.equal((await ctx.call("POST", "/admin/agreements", { token: patient.token, form: form(base) })).status, 403);
    const png = await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(base, { bytes: PNG, name: "a.pdf", type: "application/pdf" }) });
    assert.equal(png.status, 400);
    for (const bad of [{ ...base, name: "Bad Name" }, { ...base, title: "" }, { ...base, status: "live" }, { ...base, date: "soon" }, { ...base, extra: "1" }]) {
      assert.equal((await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(bad) })).status, 400, JSON.stringify(bad));
    }
    const res = await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(base, { bytes: PDF, name: "c.pdf", type: "application/pdf" }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual({ ...res.body.result, updatedAt: undefined }, {
      name: "telehealth-consent", title: "Telehealth consent", body: "", visible: true, required: true, signupPlacement: true,
      footer: false, status: "published", date: "2026-01-01", version: 1, hasPdf: true, updatedAt: undefined,
    });
    const pdf = await ctx.call("GET", "/agreements/telehealth-consent/pdf");
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.equal((await ctx.call("GET", "/agreements/telehealth-consent")).body.result.title, "Telehealth consent");
  });

  await t.step("a new required agreement and a new version are pending until accepted (with version and date)", async () => {
    assert.deepEqual((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result.map((a: { name: string }) => a.name), ["telehealth-consent"]);
    const acc = await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["telehealth-consent"] } });
    assert.deepEqual(acc.body.result.pending, []);
    await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form({ ...base, newVersion: "true" }) });
    assert.equal((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result[0].version, 2);
    await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["telehealth-consent"] } });
    const [row] = await ctx.sql`select version, accepted_at from user_agreements where user_id = ${patient.id} and name = 'telehealth-consent'`;
    assert.equal(row.version, 2);
    assert.ok(row.accepted_at instanceof Date);
    assert.equal((await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["nope"] } })).status, 400);
    assert.equal((await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: [] } })).status, 400);
  });

  await t.step("sign-up needs the required agreements placed on the form; unknown names are refused", async () => {
    const password = "Kx7-pW2q-9vLr";
    const body = (agreements: string[]) => ({
      role: "patient", email: `signup.${crypto.randomUUID().slice(0, 8)}@example.test`, password, repeatPassword: password,
      firstName: "Sig", lastName: "Nup", birthDate: "1990-01-01", gender: "Female", phoneNumber: "7025550123", state: "NV",
      city: "Reno", zip: "89501", address: "1 Main St", agreements,
    });
    const missing = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription"]) });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.details.fields.agreements, "Accept the Telehealth consent");
    const unknown = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription", "telehealth-consent", "draft-two"]) });
    assert.equal(unknown.body.details.fields["agreements.4"], "Unknown agreement");
    const ok = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription", "telehealth-consent"]) });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const rows = await ctx.sql`select name, version from user_agreements where user_id = ${ok.body.result.user.id} order by name`;
    assert.deepEqual(rows.map((r) => `${r.name}@${r.version}`), ["prescription@1", "privacy@1", "telehealth-consent@2", "terms@1"]);
  });

  await t.step("drafts are not public", async () => {
    await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form({ ...base, name: "draft-one", status: "draft" }) });
    assert.equal((await ctx.call("GET", "/agreements/draft-one")).status, 404);
    assert.equal((await ctx.call("GET", "/agreements/draft-one", { token: admin.token })).status, 200);
  });
});
