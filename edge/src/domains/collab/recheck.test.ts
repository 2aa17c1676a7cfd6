/**
 * An open collab connection stays entitled: a session ended (logout, revoked,
 * user blocked) closes it at once with 4401; access lost (note unshared for the
 * patient reading it, note or encounter deleted, patient detached) with 4404;
 * an access token expiring without renewal with 4401, and a renewal keeps it open.
 */
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { type CollabClient, createCollabClient, eventually } from "../../test/collab-client.ts";
import { startCollabServer } from "../../test/collab-server.ts";
import { createEncounterWithNote } from "../../test/sync-fixtures.ts";
import { createPractices } from "../chart/chart-fixtures.ts";
import { CLOSE } from "./server.ts";

type User = { id: string; email: string; password: string; token: string };

/** A new session of the user: its access and refresh tokens. */
async function signIn(ctx: TestContext, user: User) {
  const res = await ctx.call("POST", "/users/login", { body: { email: user.email, password: user.password } });
  assert.equal(res.status, 200);
  return res.body.result as { accessToken: string; refreshToken: string };
}

apiTest("collab: connections are re-checked while open", async (t, ctx) => {
  const { doctor, vma, patient, admin } = await createPractices(ctx);
  // Events close connections at once: this server's periodic re-check (60 s) never runs during the test.
  const server = await startCollabServer(ctx);
  const clients: CollabClient[] = [];
  const open = async (token: string, noteId: string, base = server.base) => {
    const c = createCollabClient({ base, noteId, token });
    clients.push(c);
    await c.connect();
    return c;
  };
  const call = (user: { token: string }, method: string, path: string, body?: unknown) => ctx.call(method, path, { token: user.token, body });
  const closedWith = async (c: CollabClient, code: number) => assert.equal(await c.closed(), code);

  try {
    const chart = await createEncounterWithNote(ctx, doctor, patient.id);
    const noteId = chart.noteId!;

    await t.step("logout closes that session's editor (4401); the same user's other session stays", async () => {
      const session = await signIn(ctx, vma);
      const ending = await open(session.accessToken, noteId);
      const staying = await open(vma.token, noteId);
      assert.equal((await call({ token: session.accessToken }, "POST", "/users/logout")).status, 200);
      await closedWith(ending, CLOSE.unauthorized);
      staying.append("Plan", "still editing");
      const d = await open(doctor.token, noteId);
      await eventually(() => d.text("Plan").includes("still editing"), 3000, "the other session's edit");
      assert.equal(staying.closeCode, null);
      await d.disconnect();
      await staying.disconnect();
    });

    await t.step("a session revoked from another device closes its editor (4401)", async () => {
      const session = await signIn(ctx, doctor);
      const c = await open(session.accessToken, noteId);
      const sid = decodeJwt(session.accessToken).sid as string;
      assert.equal((await call(doctor, "DELETE", `/users/sessions/${sid}`)).status, 200);
      await closedWith(c, CLOSE.unauthorized);
    });

    await t.step("a shared note unshared: the patient reading it is closed (4404), the doctor stays", async () => {
      assert.equal((await call(doctor, "PUT", `/encounterNotes/share/${noteId}`)).status, 200);
      const p = await open(patient.token, noteId);
      const d = await open(doctor.token, noteId);
      assert.equal((await call(doctor, "PUT", `/encounterNotes/unshare/${noteId}`)).status, 200);
      await closedWith(p, CLOSE.notFound);
      d.append("Plan", "after unsharing");
      const again = await open(doctor.token, noteId);
      await eventually(() => again.text("Plan").includes("after unsharing"), 3000, "the doctor still edits");
      assert.equal(d.closeCode, null);
      await d.disconnect();
      await again.disconnect();
    });

    await t.step("a note deleted closes every editor of it (4404)", async () => {
      const other = await createEncounterWithNote(ctx, doctor, patient.id, { noteTypeId: chart.noteTypeId });
      const [d, v] = [await open(doctor.token, other.noteId!), await open(vma.token, other.noteId!)];
      assert.equal((await call(doctor, "DELETE", `/encounterNotes/${other.noteId}`)).status, 200);
      await closedWith(d, CLOSE.notFound);
      await closedWith(v, CLOSE.notFound);
    });

    await t.step("an encounter deleted closes the editors of its notes (4404)", async () => {
      const other = await createEncounterWithNote(ctx, doctor, patient.id, { noteTypeId: chart.noteTypeId });
      const v = await open(vma.token, other.noteId!);
      assert.equal((await call(doctor, "DELETE", `/encounters/${other.encounterId}`)).status, 200);
      await closedWith(v, CLOSE.notFound);
    });

    await t.step("a patient detached from the practice: the care team's editors close (4404)", async () => {
      const leaving = await ctx.createUser("patient", { doctor_id: doctor.id });
      const theirs = await createEncounterWithNote(ctx, doctor, leaving.id, { noteTypeId: chart.noteTypeId });
      const [d, v] = [await open(doctor.token, theirs.noteId!), await open(vma.token, theirs.noteId!)];
      assert.equal((await call(doctor, "DELETE", `/patient/${leaving.id}`)).status, 200);
      await closedWith(d, CLOSE.notFound);
      await closedWith(v, CLOSE.notFound);
    });

    await t.step("a user blocked: their editors close (4401)", async () => {
      const v = await open(vma.token, noteId);
      assert.equal((await call(admin, "PUT", `/users/block/${vma.id}`)).status, 200);
      await closedWith(v, CLOSE.unauthorized);
    });

    await t.step("expiry: without renewal closed (4401); renewed with the same session's new token, kept", async () => {
      // A short re-check, so the test does not wait for the expiry timer (real time) but for the server's clock.
      const timed = await startCollabServer(ctx, { recheckMs: 50 });
      try {
        const unrenewed = await open(doctor.token, noteId, timed.base);
        const session = await signIn(ctx, doctor);
        const renewed = await open(session.accessToken, noteId, timed.base);
        const outsider = await signIn(ctx, await ctx.createUser("doctor"));
        const refused = await open((await signIn(ctx, doctor)).accessToken, noteId, timed.base);

        ctx.clock.advance(10 * 60_000);
        const refresh = await ctx.call("POST", "/users/refreshToken", { body: { refreshToken: session.refreshToken } });
        assert.equal(refresh.status, 200);
        renewed.renew(refresh.body.result.accessToken);
        refused.renew(outsider.accessToken);
        await closedWith(refused, CLOSE.unauthorized);

        ctx.clock.advance(6 * 60_000); // past the first tokens' 15 minutes
        await closedWith(unrenewed, CLOSE.unauthorized);
        await new Promise((r) => setTimeout(r, 300)); // several re-checks
        assert.equal(renewed.closeCode, null, "the renewed token is still good");
        renewed.append("Plan", "after renewal");
        const reader = await open((await signIn(ctx, doctor)).accessToken, noteId, timed.base);
        await eventually(() => reader.text("Plan").includes("after renewal"), 3000, "the renewed editor's edit");

        ctx.clock.advance(10 * 60_000); // past the renewed token's expiry too
        await closedWith(renewed, CLOSE.unauthorized);
      } finally {
        await timed.close();
      }
    });
  } finally {
    for (const c of clients) await c.disconnect();
    await server.close();
  }
});
