/**
 * A task made on a device (issue 31: a doctor on a home visit assigns their VMA a follow-up with no network):
 * a push of a new `tasks` document is the create `POST /doctorTasks` (or `/doctorTasks/encounter/{id}`) would make,
 * under that call's rules: the input passes the call's zod schema; the assignee is a member of the practice (its
 * doctor or an attached VMA, not blocked); the patient is the practice's; an encounter named is that patient's and
 * not deleted; the task starts open. The server sets the author, on-behalf-of and the creation time (rules.ts).
 * What breaks a rule is refused (the device keeps it under "changes not accepted"). Once committed, the create is
 * audited like the API's (`task.write`, `via: sync`) and the assignee notified.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { taskCreateSchema } from "../../../../sync/schemas/team.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { CreateEffects } from "../sync/service.ts";
import { practiceMembers, practicePatient } from "./practice.ts";

type TaskPush = {
  id: string; practiceId: string; assigneeId: string; patientId: string | null; encounterId: string | null;
  description: string; category: string; status: string; dueDate: string | null; _deleted: boolean;
};

export function createTaskSyncEffects(deps: Pick<Deps, "sql" | "audit" | "log"> & { notifications: NotificationsService }): CreateEffects {
  return {
    async accepts(w, _actor, doc) {
      const t = doc as unknown as TaskPush;
      if (t._deleted || t.status !== "open" || t.patientId === null) return false;
      const parsed = taskCreateSchema.safeParse({
        assigneeId: t.assigneeId, patientId: t.patientId, description: t.description, category: t.category, dueDate: t.dueDate,
      });
      if (!parsed.success || parsed.data.description !== t.description) return false;
      const members = await practiceMembers(w.tx, t.practiceId);
      if (!members.some((m) => m.id === t.assigneeId)) return false;
      const patient = await practicePatient(w.tx, t.practiceId, t.patientId).catch(() => null);
      if (!patient) return false;
      if (t.encounterId === null) return true;
      return (await w.tx`select 1 from encounters where id = ${t.encounterId} and patient_id = ${t.patientId}
        and deleted_at is null`).length > 0;
    },

    async committed(actor: Actor, docs) {
      for (const doc of docs as unknown as TaskPush[]) {
        try {
          await deps.audit.record({
            event: "task.write", actorId: actor.userId, subjectId: doc.patientId, details: { what: "task.create", taskId: doc.id, via: "sync" },
          });
          if (doc.assigneeId === actor.userId) continue;
          const [me] = await deps.sql<{ name: string; role: string }[]>`select first_name || ' ' || last_name as name,
            (select role from users where id = ${doc.assigneeId}) as role from users where id = ${actor.userId}`;
          await deps.notifications.notify([doc.assigneeId], "task.assigned", {
            taskId: doc.id, description: doc.description.slice(0, 200), byName: me?.name ?? "", area: me?.role,
          });
        } catch (e) {
          deps.log.error("a task made on a device was not audited or notified", { error: e instanceof Error ? e.message : String(e) });
        }
      }
    },
  };
}
