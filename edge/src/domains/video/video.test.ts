/**
 * Video visits against a real Janus (Debian's package; skipped with a note
 * when it is missing): who may join (the edge refuses, and Janus itself refuses
 * anyone without the edge's tokens for that room), the room's life from the
 * first join to the doctor's finish, one device per person, live past the slot.
 */
import assert from "node:assert/strict";
import { createTestContext } from "../../test/harness.ts";
import { startLiveServer } from "../../test/live-server.ts";
import { sleep } from "../../test/socket-client.ts";
import { startTestJanus } from "../../test/janus.ts";
import type { RecordingSocket } from "../../test/socket-client.ts";
import { janusAttach, janusJoin, janusRequest } from "../../test/janus-client.ts";
import { accepted, booked, createBookableDoctor, createPatient, MONDAY_MORNING } from "../../test/consultation-fixtures.ts";
import { signJanusToken } from "../../platform/video/janus-tokens.ts";
import { VIDEO_EVENTS } from "../../../../sync/schemas/video.ts";

const NINE_LA = "2026-03-02T17:00:00.000Z";
const minutes = (n: number) => n * 60_000;

Deno.test({ name: "video: who may join, Janus's own refusals, the room from first join to finish", sanitizeOps: false, sanitizeResources: false }, async (t) => {
  const janus = await startTestJanus();
  if (!janus) return;
  const ctx = await createTestContext({ video: janus.gateway, env: { ACCESS_TOKEN_TTL_SECONDS: "86400" } });
  const live = await startLiveServer(ctx);
  try {
    ctx.clock.set(MONDAY_MORNING);
    const doctor = await createBookableDoctor(ctx);
    const patient = await createPatient(ctx, doctor);
    const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
    const admin = await ctx.createUser("admin");
    const outsider = await createPatient(ctx);
    const otherDoctor = await createBookableDoctor(ctx);
    const visit = await accepted(ctx, patient, doctor, NINE_LA);
    const outsiderVisit = await accepted(ctx, outsider, otherDoctor, NINE_LA);
    const requested = await booked(ctx, patient, doctor.id, "2026-03-02T18:00:00.000Z");
    const chatVisit = await accepted(ctx, await createPatient(ctx, doctor), doctor, "2026-03-02T17:30:00.000Z")
      .then(async (c) => {
        await ctx.sql`update consultations set type = 'chat' where id = ${c.id}`;
        return c;
      });

    const people = { doctor, patient, vma, admin, outsider };
    type Who = keyof typeof people;
    const sockets = Object.fromEntries(
      await Promise.all(Object.entries(people).map(async ([k, u]) => [k, await live.connect(u.token)])),
    ) as Record<Who, RecordingSocket>;
    const emit = (who: Who, event: string, payload: unknown) =>
      sockets[who].socket.timeout(5000).emitWithAck(event, payload) as Promise<any>;
    const join = (who: Who, consultationId: string) => emit(who, VIDEO_EVENTS.join, { consultationId });

    await t.step("before the window opens, joining answers 409 NOT_STARTED", async () => {
      const res = await join("doctor", visit.id);
      assert.deepEqual([res.status, res.code, res.details.reason], ["error", 409, "NOT_STARTED"]);
    });

    ctx.clock.set(new Date(new Date(NINE_LA).getTime() - minutes(10)));

    await t.step("the edge refuses everyone but the two parties, a request, another kind and bad input", async () => {
      const cases: [Who, string, number, string][] = [
        ["outsider", visit.id, 404, "NOT_FOUND"],
        ["vma", visit.id, 403, "NOT_A_PARTY"],
        ["admin", visit.id, 403, "NOT_A_PARTY"],
        ["patient", requested.id, 409, "NOT_STARTED"],
        ["doctor", chatVisit.id, 409, "NOT_VIDEO"],
        ["doctor", crypto.randomUUID(), 404, "NOT_FOUND"],
      ];
      for (const [who, id, code, reason] of cases) {
        const res = await join(who, id);
        assert.deepEqual([res.code, res.details.reason], [code, reason], `${String(who)} → ${id}`);
      }
      const bad = await emit("doctor", VIDEO_EVENTS.join, { consultationId: "nope" });
      assert.deepEqual([bad.code, Object.keys(bad.details.fields)], [400, ["consultationId"]]);
      const foreignToken = await emit("doctor", VIDEO_EVENTS.join, { consultationId: visit.id, token: patient.token });
      assert.deepEqual([foreignToken.code, foreignToken.details.reason], [401, "TOKEN_INVALID"]);
    });

    let doctorPass: any;
    let patientPass: any;
    await t.step("the doctor and the patient get passes into one room, and Janus lets both in", async () => {
      const first = await join("doctor", visit.id);
      assert.equal(first.status, "success", JSON.stringify(first));
      doctorPass = first.result;
      assert.equal(doctorPass.server, "/api/v1/video/gateway/0/janus");
      assert.deepEqual([doctorPass.role, doctorPass.other.userId, doctorPass.other.inRoom], ["doctor", patient.id, false]);
      assert.equal(await janus.gateway.roomExists({ gateway: 0, roomId: doctorPass.roomId, secret: "" }), true);
      const second = await join("patient", visit.id);
      patientPass = second.result;
      assert.deepEqual([patientPass.roomId, patientPass.role, patientPass.other.inRoom], [doctorPass.roomId, "patient", true]);
      await sockets.doctor.next(VIDEO_EVENTS.streamingJoined, (p) => p.consultationId === visit.id && p.userId === patient.id);
      for (const pass of [doctorPass, patientPass]) {
        const joined = await janusJoin(janus.url, pass);
        assert.equal(joined.ok, true, JSON.stringify(joined));
        if (joined.ok) assert.deepEqual([joined.data.videoroom, joined.data.id], ["joined", pass.participantId]);
      }
      // The same gateway through the edge's proxy, as browsers reach it: a session with the pass's token.
      const proxied = (body?: string, path = "") =>
        fetch(`${live.base}${doctorPass.server}${path}`, { method: body === undefined ? "GET" : "POST", body, headers: { "content-type": "application/json" } });
      const created = await proxied(JSON.stringify({ janus: "create", transaction: "t1", token: doctorPass.token }));
      assert.deepEqual([created.status, (await created.json()).janus], [200, "success"]);
      // Not through the proxy: the gateway's version and plugins (issue 32), and requests that are not Janus's (400, not 502).
      const info = await proxied(undefined, "/info");
      assert.equal(info.status, 404);
      await info.body?.cancel();
      const infoVerb = await proxied(JSON.stringify({ janus: "info", transaction: "t2" }));
      assert.equal(infoVerb.status, 404);
      await infoVerb.body?.cancel();
      for (const bad of ["", "null", "[]", "{\"transaction\":\"t3\"}", "not json"]) {
        const res = await proxied(bad);
        assert.equal(res.status, 400, `body ${JSON.stringify(bad)}`);
        assert.equal((await res.json()).details.reason, "INVALID_JANUS_REQUEST");
      }
    });

    await t.step("Janus itself refuses a third account: no token, a forged token, another room's token, creating rooms", async () => {
      const noToken = await janusJoin(janus.url, { roomId: doctorPass.roomId });
      assert.deepEqual(noToken.ok ? null : noToken.code, 403);
      const expiresAt = new Date(Date.now() + minutes(60));
      const forged = await signJanusToken("not-the-secret-not-the-secret", { expiresAt, realm: "janus", descriptors: ["janus.plugin.videoroom"] });
      const forgedJoin = await janusJoin(janus.url, { token: forged, roomId: doctorPass.roomId, roomToken: forged });
      assert.deepEqual(forgedJoin.ok ? null : forgedJoin.code, 403);
      // The outsider holds real tokens, for their own visit: Janus lets them into that room only.
      const own = (await join("outsider", outsiderVisit.id)).result;
      assert.equal((await janusJoin(janus.url, own)).ok, true);
      const intrusion = await janusJoin(janus.url, { token: own.token, roomId: doctorPass.roomId, roomToken: own.roomToken });
      assert.deepEqual(intrusion.ok ? null : [intrusion.code, intrusion.reason], [433, "Unauthorized (wrong token)"]);
      const noRoomToken = await janusJoin(janus.url, { token: own.token, roomId: doctorPass.roomId });
      assert.deepEqual(noRoomToken.ok ? null : noRoomToken.code, 433);
      const at = await janusAttach(janus.url, own.token);
      assert.ok(at.ok);
      // Creating needs the VideoRoom admin key (429: missing; 433: wrong).
      const create = await janusRequest(janus.url, at, own.token, { request: "create", room: 424242 });
      assert.deepEqual(create.ok ? null : create.code, 429);
      const guessed = await janusRequest(janus.url, at, own.token, { request: "create", room: 424242, admin_key: "a-guess" });
      assert.deepEqual(guessed.ok ? null : guessed.code, 433);
      // Destroying or kicking needs the room's secret, which never leaves the edge.
      const destroy = await janusRequest(janus.url, at, own.token, { request: "destroy", room: doctorPass.roomId, secret: "a-guess" });
      assert.deepEqual(destroy.ok ? null : destroy.code, 433);
      const kick = await janusRequest(janus.url, at, own.token, { request: "kick", room: doctorPass.roomId, id: patientPass.participantId, secret: "a-guess" });
      assert.deepEqual(kick.ok ? null : kick.code, 433);
    });

    await t.step("joining from a second device ends the first: force logout, session revoked, dropped from the room", async () => {
      const secondDevice = await ctx.call("POST", "/users/login", { body: { email: doctor.email, password: doctor.password } });
      const token2 = secondDevice.body.result.accessToken as string;
      const socket2 = await live.connect(token2);
      const res = await socket2.socket.timeout(5000).emitWithAck(VIDEO_EVENTS.join, { consultationId: visit.id, token: token2 }) as any;
      assert.equal(res.status, "success");
      assert.equal(res.result.roomId, doctorPass.roomId);
      assert.notEqual(res.result.participantId, doctorPass.participantId);
      const event = await sockets.doctor.next("user:forceLogout", () => true);
      assert.deepEqual(event, { reason: "consultation_joined_elsewhere", consultationId: visit.id });
      assert.equal((await ctx.call("GET", "/users/sessions", { token: doctor.token })).status, 401);
      const at = await janusAttach(janus.url, res.result.token);
      assert.ok(at.ok);
      const list = await janusRequest(janus.url, at, res.result.token, { request: "listparticipants", room: doctorPass.roomId });
      assert.ok(list.ok);
      const ids = list.ok ? list.data.participants.map((p: any) => p.id) : [];
      assert.ok(!ids.includes(doctorPass.participantId), "the first device was kicked");
      assert.ok(ids.includes(patientPass.participantId));
      sockets.doctor = socket2;
      doctor.token = token2;
    });

    await t.step("leaving tells the other party", async () => {
      const res = await emit("patient", VIDEO_EVENTS.leave, { consultationId: visit.id });
      assert.deepEqual(res.result, { left: true });
      await sockets.doctor.next(VIDEO_EVENTS.streamingLeft, (p) => p.userId === patient.id);
      assert.equal((await join("patient", visit.id)).status, "success");
    });

    await t.step("a live visit stays open past its slot (an hour at most), then it has ended", async () => {
      ctx.clock.set(new Date(new Date(visit.endAt).getTime() + minutes(5)));
      const access = await ctx.call("GET", `/consultations/${visit.id}/access`, { token: patient.token });
      assert.equal(access.body.result.state, "open");
      assert.equal((await join("patient", visit.id)).status, "success");
      const notLive = await ctx.call("GET", `/consultations/${outsiderVisit.id}/access`, { token: outsider.token });
      assert.equal(notLive.body.result.state, "open", "the outsider's own room is open too");
      ctx.clock.set(new Date(new Date(visit.endAt).getTime() + minutes(61)));
      assert.equal((await ctx.call("GET", `/consultations/${visit.id}/access`, { token: patient.token })).body.result.state, "ended");
      ctx.clock.set(new Date(new Date(visit.endAt).getTime() + minutes(5)));
    });

    await t.step("only the doctor finishes; then both are told, the room is gone and nobody joins again", async () => {
      const byPatient = await emit("patient", VIDEO_EVENTS.finish, { consultationId: visit.id });
      assert.deepEqual([byPatient.code, byPatient.details.reason], [403, "NOT_THE_DOCTOR"]);
      const byVma = await emit("vma", VIDEO_EVENTS.finish, { consultationId: visit.id });
      assert.equal(byVma.code, 403);
      const done = await emit("doctor", VIDEO_EVENTS.finish, { consultationId: visit.id });
      assert.deepEqual([done.status, done.result.status, done.result.access.state], ["success", "finished", "finished"]);
      for (const who of ["doctor", "patient"] as const) {
        await sockets[who].next(VIDEO_EVENTS.finished, (p) => p.consultationId === visit.id && p.by === doctor.id);
      }
      assert.equal(await janus.gateway.roomExists({ gateway: 0, roomId: doctorPass.roomId, secret: "" }), false);
      const again = await join("patient", visit.id);
      assert.deepEqual([again.code, again.details.reason], [409, "FINISHED"]);
      const twice = await emit("doctor", VIDEO_EVENTS.finish, { consultationId: visit.id });
      assert.deepEqual([twice.code, twice.details.reason], [409, "INVALID_STATE"]);
      await sleep(100);
      assert.equal(sockets.vma.events.some((e) => e.name === VIDEO_EVENTS.finished), false);
    });

    await t.step("a restarted gateway gets the room again on the next join", async () => {
      ctx.clock.set(new Date(new Date(NINE_LA).getTime() - minutes(10)));
      const pass = (await join("outsider", outsiderVisit.id)).result;
      await janus.gateway.destroyRoom({ gateway: 0, roomId: pass.roomId, secret: (await ctx.sql`select secret from video_rooms where room_id = ${pass.roomId}`)[0].secret });
      const again = (await join("outsider", outsiderVisit.id)).result;
      assert.equal(again.roomId, pass.roomId);
      assert.equal((await janusJoin(janus.url, again)).ok, true);
    });
  } finally {
    await live.close();
    await ctx.close();
    await janus.stop();
  }
});
