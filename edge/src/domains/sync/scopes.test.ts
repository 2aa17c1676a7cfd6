/** The two faces of each scope kind agree: whoever `scopePredicate` lets read a value is in `readersOf`, and only they. */
import assert from "node:assert/strict";
import { createActorLookup } from "../../access/resolve-actor.ts";
import { apiTest } from "../../test/harness.ts";
import { createChat, createConsultationRow, createPractice } from "../../test/sync-fixtures.ts";
import type { ScopeKind } from "../../../../sync/collections/index.ts";
import { mayAccess, readersOf } from "./scopes.ts";

apiTest("sync scopes: predicate and readers agree for every kind", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
  const theirPatient = await ctx.createUser("patient", { doctor_id: unapproved.id });
  const theirVma = await ctx.createUser("vma", { doctor_id: unapproved.id });
  const users = [a.doctor, a.vma, a.patient, b.doctor, b.vma, b.patient, admin, unapproved, theirPatient, theirVma];
  const lookup = createActorLookup(ctx.deps);
  const actors = await Promise.all(users.map(async (u) => {
    const found = await lookup(u.token);
    if (!("actor" in found)) throw new Error("no actor");
    return found.actor;
  }));
  const chats = [await createChat(ctx, [a.patient.id, a.doctor.id]), await createChat(ctx, [admin.id, b.vma.id], "support")];
  const patients = [a.patient.id, b.patient.id, theirPatient.id, a.doctor.id];
  const consultations = [
    await createConsultationRow(ctx, { doctorId: a.doctor.id, patientId: a.patient.id }),
    await createConsultationRow(ctx, { doctorId: a.doctor.id, patientId: b.patient.id }),
    await createConsultationRow(ctx, { doctorId: unapproved.id, patientId: theirPatient.id }),
  ];
  const values: Record<ScopeKind, string[]> = {
    chatMember: chats, careTeam: patients, careTeamOrPatient: patients, consultationParty: consultations,
    practice: [a.doctor.id, b.doctor.id, unapproved.id, a.patient.id, admin.id],
  };

  for (const kind of Object.keys(values) as ScopeKind[]) {
    await t.step(kind, async () => {
      const readers = await readersOf(ctx.sql, kind, values[kind]);
      for (const value of values[kind]) {
        for (const actor of actors) {
          const allowed = await mayAccess(ctx.sql, actor, kind, value);
          assert.equal((readers.get(value) ?? []).includes(actor.userId), allowed, `${kind} ${value} ${actor.role} ${actor.userId}`);
        }
      }
      assert.ok([...readers.values()].some((r) => r.length > 0), "some value has readers");
    });
  }
});
