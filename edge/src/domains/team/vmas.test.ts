/**
 * VMA management (01 §7): invite, attach, list, the invitation link (expired,
 * reused, wrong role), acting for one of several doctors, detach (access ends at
 * once: REST, sync, an open socket and a collaborative editor), reset, roles.
 */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { createCollabClient } from "../../test/collab-client.ts";
import { startCollabServer } from "../../test/collab-server.ts";
import { startLiveServer } from "../../test/live-server.ts";
import { createEncounterWithNote, createPractice, pullAll } from "../../test/sync-fixtures.ts";
import { CLOSE } from "../collab/server.ts";
import { NOT_A_VMA_EMAIL } from "../../../../sync/schemas/team.ts";

const PASSWORD = "Vq7-lm2Rz9xw";

function linkToken(body: string): string {
  const m = /vmaPassword\?token=([^\s]+)/.exec(body);
  assert.ok(m, `a vmaPassword link in: ${body}`);
  return decodeURIComponent(m[1]);
}

async function signIn(ctx: TestContext, email: string, password: string) {
  const res = await ctx.call("POST", "/users/login", { body: { email, password } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.result.accessToken as string;
}

apiTest("VMAs: invite, set the password, list, roles and bad input", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
  const email = `new-vma-${crypto.randomUUID().slice(0, 8)}@example.test`;
  let vmaId = "";

  await t.step("a doctor invites a new address: a VMA without a password, and a mail with an expiring link", async () => {
    const res = await ctx.call("POST", "/vmas", { token: a.doctor.token, body: { email: email.toUpperCase(), firstName: "Nia", lastName: "Vale" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.invited, true);
    assert.equal(res.body.result.email, email);
    assert.equal(res.body.result.passwordSet, false);
    vmaId = res.body.result.id;
    const mail = await ctx.lastMessage(email);
    assert.ok(mail);
    const [row] = await ctx.sql<{ expires_at: Date }[]>`select expires_at from user_tokens where user_id = ${vmaId} and purpose = 'vma_invite'`;
    assert.ok(row.expires_at.getTime() > Date.now() + 71 * 3600_000 && row.expires_at.getTime() < Date.now() + 73 * 3600_000);
  });

  await t.step("the link sets the password once; the VMA signs in and acts for the doctor", async () => {
    const token = linkToken((await ctx.lastMessage(email))!.body);
    const set = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password: PASSWORD, repeatPassword: PASSWORD } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const again = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password: PASSWORD, repeatPassword: PASSWORD } });
    assert.equal(again.status, 400, "a used link is refused");
    const vmaToken = await signIn(ctx, email, PASSWORD);
    const doctors = await ctx.call("GET", "/vmas/doctors/dropdown", { token: vmaToken });
    assert.deepEqual(doctors.body.result.list.map((d: { id: string; acting: boolean }) => [d.id, d.acting]), [[a.doctor.id, true]]);
    const list = await ctx.call("GET", "/vmas/list", { token: a.doctor.token });
    const mine = list.body.result.list.find((v: { id: string }) => v.id === vmaId);
    assert.equal(mine.passwordSet, true);
  });

  await t.step("an expired link is refused", async () => {
    const token = await ctx.services.registration.inviteVma(vmaId, email, "Nia");
    await ctx.sql`update user_tokens set expires_at = now() - interval '1 minute' where user_id = ${vmaId} and used_at is null`;
    const res = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password: PASSWORD, repeatPassword: PASSWORD } });
    assert.equal(res.status, 400);
  });

  await t.step("an address of a patient, a doctor or an admin is refused with the §8 message; nothing is created", async () => {
    for (const user of [a.patient, b.doctor, admin]) {
      const res = await ctx.call("POST", "/vmas", { token: a.doctor.token, body: { email: user.email, firstName: "X", lastName: "Y" } });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, NOT_A_VMA_EMAIL);
      assert.equal(res.body.details.reason, "NOT_A_VMA");
    }
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from vma_doctors where doctor_id = ${a.doctor.id}`;
    assert.equal(count, 2, "the seeded VMA and Nia");
  });

  await t.step("bad input and roles", async () => {
    for (const body of [{}, { email: "nope", firstName: "A", lastName: "B" }, { email: "x@example.test", firstName: "", lastName: "B" },
      { email: "x@example.test", firstName: "A\u0000", lastName: "B" }, { email: "x@example.test", firstName: "A", lastName: "B", role: "admin" }]) {
      assert.equal((await ctx.call("POST", "/vmas", { token: a.doctor.token, body })).status, 400, JSON.stringify(body));
    }
    const body = { email: "y@example.test", firstName: "A", lastName: "B" };
    assert.equal((await ctx.call("POST", "/vmas", { body })).status, 401);
    for (const u of [a.vma, a.patient, admin]) assert.equal((await ctx.call("POST", "/vmas", { token: u.token, body })).status, 403);
    assert.equal((await ctx.call("POST", "/vmas", { token: unapproved.token, body })).status, 403, "an unapproved doctor");
    assert.equal((await ctx.call("GET", "/vmas/list", { token: a.vma.token })).status, 403);
    assert.equal((await ctx.call("GET", "/vmas/doctors/dropdown", { token: a.doctor.token })).status, 403);
    assert.equal((await ctx.call("POST", "/vmas/detach", { token: a.doctor.token, body: { vmaId: "x" } })).status, 400);
  });

  await t.step("another doctor's VMA cannot be detached or reset (404); the list shows only one's own", async () => {
    assert.equal((await ctx.call("POST", "/vmas/detach", { token: a.doctor.token, body: { vmaId: b.vma.id } })).status, 404);
    assert.equal((await ctx.call("POST", "/vmas/doctor/reset/password", { token: a.doctor.token, body: { vmaId: b.vma.id } })).status, 404);
    const list = await ctx.call("GET", "/vmas/list", { token: b.doctor.token });
    assert.deepEqual(list.body.result.list.map((v: { id: string }) => v.id), [b.vma.id]);
  });

  await t.step("reset password mails a new link; the old one no longer works", async () => {
    const res = await ctx.call("POST", "/vmas/doctor/reset/password", { token: a.doctor.token, body: { vmaId } });
    assert.equal(res.status, 200);
    const token = linkToken((await ctx.lastMessage(email))!.body);
    const next = "Tz4-pk8Wq2nv";
    assert.equal((await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password: next, repeatPassword: next } })).status, 200);
    await signIn(ctx, email, next);
  });

  await t.step("audit: invited and reset rows name the doctor as actor", async () => {
    const rows = await ctx.sql<{ event: string; actor_id: string }[]>`select event, actor_id::text from audit_log where subject_id = ${vmaId} and event like 'vma.%' order by id`;
    assert.deepEqual(rows.map((r) => r.event).filter((e) => e !== "vma.password.set"), ["vma.invited", "vma.password.reset"]);
    assert.ok(rows.filter((r) => r.event !== "vma.password.set").every((r) => r.actor_id === a.doctor.id));
  });
});

apiTest("VMAs: one VMA for two doctors, acting for one, detach ends access at once", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const vma = a.vma;
  const live = await startLiveServer(ctx);
  const collab = await startCollabServer(ctx);
  try {
    await t.step("doctor B adds A's VMA by address: attached, still acting for A", async () => {
      const res = await ctx.call("POST", "/vmas", { token: b.doctor.token, body: { email: vma.email, firstName: "Ignored", lastName: "Name" } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.result.invited, false);
      const again = await ctx.call("POST", "/vmas", { token: b.doctor.token, body: { email: vma.email, firstName: "A", lastName: "B" } });
      assert.equal(again.status, 409);
      const doctors = (await ctx.call("GET", "/vmas/doctors/dropdown", { token: vma.token })).body.result.list;
      assert.deepEqual(doctors.filter((d: { acting: boolean }) => d.acting).map((d: { id: string }) => d.id), [a.doctor.id]);
      const patients = await ctx.call("GET", `/patient/${b.patient.id}`, { token: vma.token });
      assert.equal(patients.status, 404, "B's patient stays hidden while acting for A");
    });

    await t.step("acting for B: B's rows sync, A's do not; the VMA's other sessions end", async () => {
      const other = await signIn(ctx, vma.email, vma.password);
      const res = await ctx.call("POST", "/vmas/acting", { token: vma.token, body: { doctorId: b.doctor.id } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await ctx.call("GET", "/vmas/doctors/dropdown", { token: other })).status, 401, "the other session ended");
      await ctx.services.team.macros.create({ ...(await actorOf(ctx, b.doctor.token)) }, { shortcut: ";hi", text: "Hello" }, { address: null, device: "" });
      const { docs } = await pullAll(ctx, vma.token, "macros");
      assert.deepEqual(docs.map((d) => d.shortcut), [";hi"]);
      assert.equal((await ctx.call("POST", "/vmas/acting", { token: vma.token, body: { doctorId: crypto.randomUUID() } })).status, 404);
      await ctx.call("POST", "/vmas/acting", { token: vma.token, body: { doctorId: a.doctor.id } });
    });

    await t.step("detaching the doctor the VMA acts for closes their socket and editor and ends their access", async () => {
      const chart = await createEncounterWithNote(ctx, a.doctor, a.patient.id);
      const token = await signIn(ctx, vma.email, vma.password);
      const socket = await live.connect(token);
      const editor = createCollabClient({ base: collab.base, noteId: chart.noteId!, token });
      await editor.connect();
      const res = await ctx.call("POST", "/vmas/detach", { token: a.doctor.token, body: { vmaId: vma.id } });
      assert.equal(res.status, 200);
      const event = await socket.next("user:forceLogout");
      assert.deepEqual(event, { reason: "vma_detached" });
      assert.equal(await editor.closed(), CLOSE.unauthorized);
      assert.equal((await ctx.call("GET", "/vmas/list", { token })).status, 401, "the session ended");
      const fresh = await signIn(ctx, vma.email, vma.password);
      const doctors = (await ctx.call("GET", "/vmas/doctors/dropdown", { token: fresh })).body.result.list;
      assert.deepEqual(doctors.map((d: { id: string; acting: boolean }) => [d.id, d.acting]), [[b.doctor.id, true]], "now acting for B");
      assert.equal((await ctx.call("GET", `/patient/${a.patient.id}`, { token: fresh })).status, 404);
      const { docs } = await pullAll(ctx, fresh, "note_drafts");
      assert.ok(docs.every((d) => d.patientId !== a.patient.id));
      assert.equal((await pullAll(ctx, fresh, "encounter_notes")).docs.length, 0);
    });

    await t.step("detaching a VMA from a doctor they do not act for leaves their sessions alone", async () => {
      const c = await createPractice(ctx);
      await ctx.call("POST", "/vmas", { token: c.doctor.token, body: { email: vma.email, firstName: "A", lastName: "B" } });
      const token = await signIn(ctx, vma.email, vma.password);
      assert.equal((await ctx.call("POST", "/vmas/detach", { token: c.doctor.token, body: { vmaId: vma.id } })).status, 200);
      assert.equal((await ctx.call("GET", "/vmas/doctors/dropdown", { token })).status, 200);
      assert.equal((await ctx.call("POST", "/vmas/detach", { token: c.doctor.token, body: { vmaId: vma.id } })).status, 404, "twice");
    });

    await t.step("a detach and a switch to the detaching doctor at the same moment never leave the VMA with that doctor", async () => {
      for (let round = 0; round < 4; round++) {
        const d = await createPractice(ctx);
        await ctx.call("POST", "/vmas", { token: d.doctor.token, body: { email: vma.email, firstName: "A", lastName: "B" } });
        const token = await signIn(ctx, vma.email, vma.password);
        const [detached, switched] = await Promise.all([
          ctx.call("POST", "/vmas/detach", { token: d.doctor.token, body: { vmaId: vma.id } }),
          ctx.call("POST", "/vmas/acting", { token, body: { doctorId: d.doctor.id } }),
        ]);
        assert.equal(detached.status, 200, JSON.stringify(detached.body));
        assert.ok([200, 401, 404].includes(switched.status), `${switched.status} ${JSON.stringify(switched.body)}`);
        const [row] = await ctx.sql<{ doctor_id: string | null }[]>`select doctor_id from users where id = ${vma.id}`;
        assert.notEqual(row.doctor_id, d.doctor.id, `round ${round}: acting for the doctor who detached them`);
        const attached = await ctx.sql`select 1 from vma_doctors where vma_id = ${vma.id} and doctor_id = ${d.doctor.id}`;
        assert.equal(attached.length, 0, `round ${round}: attached again`);
      }
    });
  } finally {
    await live.close();
    await collab.close();
  }
});

async function actorOf(ctx: TestContext, token: string) {
  const { createActorLookup } = await import("../../access/resolve-actor.ts");
  const found = await createActorLookup(ctx.deps)(token);
  if (!("actor" in found)) throw new Error("no actor");
  return found.actor;
}
