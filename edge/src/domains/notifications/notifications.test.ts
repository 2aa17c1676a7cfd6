/** Site notifications (list, count, mark read) and notification settings. */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";

async function notice(ctx: TestContext, userId: string, kind = "consultation.startsSoon", minutesAgo = 0) {
  const [row] = await ctx.sql<{ id: string }[]>`insert into site_notifications (user_id, kind, payload, created_at)
    values (${userId}, ${kind}, ${ctx.sql.json({ consultationId: crypto.randomUUID() })},
            ${new Date(ctx.clock.now().getTime() - minutesAgo * 60_000)}) returning id`;
  return row.id;
}

apiTest("site notifications", async (t, ctx) => {
  const patient = await ctx.createUser("patient");
  const other = await ctx.createUser("patient");
  const older = await notice(ctx, patient.id, "consultation.startsSoon", 10);
  const newer = await notice(ctx, patient.id, "consultation.startsSoon", 1);
  const theirs = await notice(ctx, other.id);

  await t.step("count and list: the caller's own, newest first, in the list envelope", async () => {
    assert.deepEqual((await ctx.call("GET", "/siteNotifications/count", { token: patient.token })).body.result, { count: 2 });
    const res = await ctx.call("GET", "/siteNotifications", { token: patient.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result.list.map((n: any) => n.id), [newer, older]);
    assert.deepEqual([res.body.result.offset, res.body.result.limit, res.body.result.totalCount], [0, 20, 2]);
    const first = res.body.result.list[0];
    assert.equal(first.notificationId, first.id);
    assert.equal(first.kind, "consultation.startsSoon");
    assert.deepEqual([first.isRead, first.readAt], [false, null]);
  });

  await t.step("marking read: own ids only; the answer has the count left", async () => {
    const res = await ctx.call("POST", "/siteNotifications", { token: patient.token, body: { ids: [older, theirs] } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, { updated: 1, count: 1 });
    assert.deepEqual((await ctx.call("GET", "/siteNotifications/count", { token: other.token })).body.result, { count: 1 });
    const unread = await ctx.call("GET", "/siteNotifications?unread=true", { token: patient.token });
    assert.deepEqual(unread.body.result.list.map((n: any) => n.id), [newer]);
    const read = await ctx.call("GET", "/siteNotifications?unread=false", { token: patient.token });
    assert.equal(read.body.result.list[0].isRead, true);
    const again = await ctx.call("POST", "/siteNotifications", { token: patient.token, body: { ids: [older] } });
    assert.deepEqual(again.body.result, { updated: 0, count: 1 });
  });

  await t.step("bad input", async () => {
    const bodies: [unknown, string][] = [
      [{}, "ids"],
      [{ ids: [] }, "ids"],
      [{ ids: ["x"] }, "ids.0"],
      [{ ids: Array.from({ length: 501 }, () => crypto.randomUUID()) }, "ids"],
      [{ ids: [older], all: true }, "all"],
    ];
    for (const [body, field] of bodies) {
      const res = await ctx.call("POST", "/siteNotifications", { token: patient.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(res.body.details.fields[field], `${field}: ${JSON.stringify(res.body.details.fields)}`);
    }
    for (const q of ["limit=0", "limit=101", "offset=-1", "unread=maybe"]) {
      assert.equal((await ctx.call("GET", `/siteNotifications?${q}`, { token: patient.token })).status, 400, q);
    }
    for (const [method, path] of [["GET", "/siteNotifications"], ["GET", "/siteNotifications/count"], ["POST", "/siteNotifications"]]) {
      assert.equal((await ctx.call(method, path)).status, 401, path);
    }
  });
});

apiTest("notification settings", async (t, ctx) => {
  const patient = await ctx.createUser("patient");
  const admin = await ctx.createUser("admin");

  await t.step("each role sees its kinds with their defaults", async () => {
    const mine = await ctx.call("GET", "/settings/notifications", { token: patient.token });
    assert.deepEqual(mine.body.result.settings, {
      "consultation.startsSoon": { site: true, email: true, sms: false },
      "doctor.deactivated": { site: true, email: false, sms: false },
      "membership.paymentFailed": { site: true, email: true, sms: false },
      "membership.priceChange": { site: true, email: true, sms: false },
      "payment.refunded": { site: true, email: true, sms: false },
      "message.received": { site: false, email: true, sms: false },
    });
    const admins = await ctx.call("GET", "/settings/notifications", { token: admin.token });
    assert.deepEqual(Object.keys(admins.body.result.settings).sort(), ["contactUs.received", "doctor.credentialingDue", "message.received", "task.assigned"]);
  });

  await t.step("a partial change keeps the rest", async () => {
    const res = await ctx.call("PUT", "/settings/notifications", {
      token: patient.token,
      body: { settings: { "consultation.startsSoon": { sms: true } } },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result.settings["consultation.startsSoon"], { site: true, email: true, sms: true });
    const read = await ctx.call("GET", "/settings/notifications", { token: patient.token });
    assert.deepEqual(read.body.result, res.body.result);
  });

  await t.step("bad input", async () => {
    const bodies: [unknown, string][] = [
      [{}, "settings"],
      [{ settings: { "made.up": { site: true } } }, "settings.made.up"],
      [{ settings: { "consultation.startsSoon": { pigeon: true } } }, "settings.consultation.startsSoon.pigeon"],
      [{ settings: { "consultation.startsSoon": { site: "yes" } } }, "settings.consultation.startsSoon.site"],
      [{ settings: { "contactUs.received": { site: false } } }, "settings.contactUs.received"],
    ];
    for (const [body, field] of bodies) {
      const res = await ctx.call("PUT", "/settings/notifications", { token: patient.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(res.body.details.fields[field], `${field}: ${JSON.stringify(res.body.details.fields)}`);
    }
    assert.equal((await ctx.call("GET", "/settings/notifications")).status, 401);
  });

  await t.step("a kind turned off for the site leaves the list and the count", async () => {
    await notice(ctx, patient.id);
    assert.equal((await ctx.call("GET", "/siteNotifications/count", { token: patient.token })).body.result.count, 1);
    await ctx.call("PUT", "/settings/notifications", {
      token: patient.token,
      body: { settings: { "consultation.startsSoon": { site: false } } },
    });
    assert.equal((await ctx.call("GET", "/siteNotifications/count", { token: patient.token })).body.result.count, 0);
    assert.deepEqual((await ctx.call("GET", "/siteNotifications", { token: patient.token })).body.result.list, []);
  });

  await t.step("an admin who turned contact-us off for the site gets no notification row", async () => {
    await ctx.call("PUT", "/settings/notifications", { token: admin.token, body: { settings: { "contactUs.received": { site: false } } } });
    const other = await ctx.createUser("admin");
    await ctx.call("POST", "/contactus", {
      body: { name: "Guest", email: "g@example.test", subject: "Hi", message: "Hello" },
      address: "10.3.3.3",
    });
    const [{ mine, theirs }] = await ctx.sql`select
      (select count(*) from site_notifications where user_id = ${admin.id})::int as mine,
      (select count(*) from site_notifications where user_id = ${other.id})::int as theirs`;
    assert.deepEqual([mine, theirs], [0, 1]);
  });
});
