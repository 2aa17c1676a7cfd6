/** Admin management by super admins. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

apiTest("admin management: super admins only; never oneself, never the last super admin", async (t, ctx) => {
  const root = await ctx.createUser("admin", { is_super_admin: true, first_name: "Root", last_name: "Zed" });
  const plain = await ctx.createUser("admin", { first_name: "Plain", last_name: "Able" });

  await t.step("a non-super admin and other roles cannot manage admins", async () => {
    for (const [method, path, body] of [["GET", "/admins/list"], ["POST", "/admins", { email: "x@example.test" }], ["DELETE", `/admins/byId/${root.id}`]] as const) {
      assert.equal((await ctx.call(method, path, { token: plain.token, body })).status, 403, path);
    }
    const doctor = await ctx.createUser("doctor");
    assert.equal((await ctx.call("GET", "/admins/list", { token: doctor.token })).status, 403);
    assert.equal((await ctx.call("GET", "/admins/list")).status, 401);
  });

  await t.step("list with search and sort", async () => {
    const byName = await ctx.call("GET", "/admins/list?sort=name", { token: root.token });
    assert.deepEqual(byName.body.result.list.map((a: { lastName: string }) => a.lastName), ["Able", "Zed"]);
    const desc = await ctx.call("GET", "/admins/list?sort=name&direction=desc", { token: root.token });
    assert.deepEqual(desc.body.result.list.map((a: { lastName: string }) => a.lastName), ["Zed", "Able"]);
    const found = await ctx.call("GET", "/admins/list?search=plain", { token: root.token });
    assert.equal(found.body.result.totalCount, 1);
    for (const bad of ["?sort=password", "?direction=up", "?limit=1000"]) {
      assert.equal((await ctx.call("GET", `/admins/list${bad}`, { token: root.token })).status, 400, bad);
    }
  });

  await t.step("create by email sends an invitation; the link sets a password", async () => {
    const res = await ctx.call("POST", "/admins", { token: root.token, body: { email: "New.Admin@Example.test" } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.email, "new.admin@example.test");
    const mail = await ctx.lastMessage("new.admin@example.test");
    const token = /token=([^\s]+)/.exec(mail!.body)![1];
    const password = "Qv7-tRw9-xLp2-Za";
    const reset = await ctx.call("POST", `/users/reset/${decodeURIComponent(token)}`, { body: { password, repeatPassword: password, agreements: "[]" } });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const login = await ctx.call("POST", "/users/login", { body: { email: "new.admin@example.test", password } });
    assert.equal(login.body.result.user.role, "admin");
    assert.equal((await ctx.call("POST", "/admins", { token: root.token, body: { email: "new.admin@example.test" } })).status, 400);
    for (const body of [{}, { email: "not-an-email" }, { email: "a@b.test", role: "admin" }]) {
      assert.equal((await ctx.call("POST", "/admins", { token: root.token, body })).status, 400, JSON.stringify(body));
    }
  });

  await t.step("delete: not oneself, not the last super admin; others go, audited", async () => {
    const self = await ctx.call("DELETE", `/admins/byId/${root.id}`, { token: root.token });
    assert.equal(self.status, 409);
    assert.equal(self.body.details.reason, "SELF_DELETE");
    const other = await ctx.createUser("admin", { is_super_admin: true });
    // Two super admins: one may delete the other.
    assert.equal((await ctx.call("DELETE", `/admins/byId/${root.id}`, { token: other.token })).status, 200);
    // `other` is now the last super admin. Through HTTP only a super admin may delete, so the last one could only
    // delete itself; the rule still holds for any caller (a race between two super admins lands here).
    const meta = { address: null, device: "test" };
    const someone = { userId: crypto.randomUUID(), role: "admin" as const, sessionId: "s", isSuperAdmin: true, fullAccess: true, doctorId: null, impersonatorSessionId: null };
    await assert.rejects(ctx.services.admin.admins.remove(someone, other.id, meta), (e: { status: number; details: { reason: string } }) =>
      e.status === 409 && e.details.reason === "LAST_SUPER_ADMIN");
    assert.equal((await ctx.call("DELETE", `/admins/byId/${plain.id}`, { token: other.token })).status, 200);
    assert.equal((await ctx.call("DELETE", `/admins/byId/${crypto.randomUUID()}`, { token: other.token })).status, 404);
    const audit = await ctx.sql`select event, actor_id, details from audit_log where event = 'admin.deleted' and subject_id = ${plain.id}`;
    assert.equal(audit[0].actor_id, other.id);
    assert.deepEqual(audit[0].details, { before: { email: plain.email, isSuperAdmin: false }, after: null });
  });
});
