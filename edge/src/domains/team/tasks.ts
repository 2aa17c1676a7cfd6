/**
 * Tasks (02 §3 "Task", §4 open → closed, §5, §7 "Tasks"): a practice's work
 * items between the doctor and their VMAs, and (practice null) the platform's
 * own support tasks between admins. Rows live in the synced `tasks` table
 * (sync/collections/tasks.ts) and are written only through the sync writer, so
 * devices receive every change; a device may close or reopen a task offline.
 *
 * Due date (not in the spec): an optional calendar date; a task is overdue when
 * it is open and its due day has passed in the viewer's time zone (the PWA
 * decides, `isOverdue` in pwa/src/features/team).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import type { TaskAssignee, TaskCreateInput, TaskEditInput, TaskListInput, TaskView } from "../../../../sync/schemas/team.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { practiceMembers, practiceOf, practicePatient, principalOf, UUID } from "./practice.ts";

/** Where tasks live: a practice (its doctor's id) or the platform's support desk (null, admins). */
type Desk = { practiceId: string | null; area: "doctor" | "vma" | "admin" };

type Row = {
  id: string; practice_id: string | null; assignee_id: string; assignee_name: string; patient_id: string | null;
  patient_name: string | null; encounter_id: string | null; description: string; category: TaskView["category"];
  status: "open" | "closed"; due_date: string | null; created_by: string; created_by_name: string;
  on_behalf_of: string | null; created_at: Date;
};

const toView = (r: Row): TaskView => ({
  id: r.id, assigneeId: r.assignee_id, assigneeName: r.assignee_name, patientId: r.patient_id, patientName: r.patient_name,
  encounterId: r.encounter_id, description: r.description, category: r.category, status: r.status, dueDate: r.due_date,
  createdBy: r.created_by, createdByName: r.created_by_name, onBehalfOf: r.on_behalf_of, createdAt: r.created_at.toISOString(),
});

const SELECT = (q: Queryable) => q`
  select t.id, t.practice_id, t.assignee_id, a.first_name || ' ' || a.last_name as assignee_name, t.patient_id,
    case when p.id is null then null else p.first_name || ' ' || p.last_name end as patient_name, t.encounter_id,
    t.description, t.category, t.status, t.due_date, t.created_by, c.first_name || ' ' || c.last_name as created_by_name,
    t.on_behalf_of, t.created_at
  from tasks t join users a on a.id = t.assignee_id join users c on c.id = t.created_by left join users p on p.id = t.patient_id`;

const ASSIGNEE_INVALID = "Choose someone of your practice";

export type TasksDeps = Pick<Deps, "sql" | "clock" | "audit"> & { write: SyncWriter; notifications: NotificationsService };

export function createTasksService(deps: TasksDeps) {
  const { sql, clock, audit, write, notifications } = deps;

  const deskOf = (actor: Actor): Desk =>
    actor.role === "admin" ? { practiceId: null, area: "admin" } : { practiceId: practiceOf(actor), area: actor.role === "vma" ? "vma" : "doctor" };

  async function assignees(desk: Desk) {
    if (desk.practiceId) return await practiceMembers(sql, desk.practiceId);
    return await sql<{ id: string; first_name: string; last_name: string; role: "admin" }[]>`
      select id, first_name, last_name, role from users where role = 'admin' and not is_blocked order by first_name, last_name`;
  }

  async function checkAssignee(desk: Desk, assigneeId: string) {
    if (!(await assignees(desk)).some((m) => m.id === assigneeId)) {
      throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { assigneeId: ASSIGNEE_INVALID } });
    }
  }

  /** A task of the caller's desk, or 404. */
  async function taskOf(desk: Desk, id: string): Promise<Row> {
    if (!UUID.test(id)) throw notFound("Task not found");
    const [row] = await sql<Row[]>`${SELECT(sql)} where t.id = ${id} and not t.deleted
      and ${desk.practiceId ? sql`t.practice_id = ${desk.practiceId}` : sql`t.practice_id is null`}`;
    if (!row) throw notFound("Task not found");
    return row;
  }

  async function notifyAssignee(actor: Actor, desk: Desk, task: { id: string; assigneeId: string; description: string }) {
    if (task.assigneeId === actor.userId) return;
    const [me] = await sql<{ name: string }[]>`select first_name || ' ' || last_name as name from users where id = ${actor.userId}`;
    const [who] = await sql<{ role: string }[]>`select role from users where id = ${task.assigneeId}`;
    await notifications.notify([task.assigneeId], "task.assigned", {
      taskId: task.id, description: task.description.slice(0, 200), byName: me?.name ?? "", area: desk.practiceId ? who?.role : "admin",
    });
  }

  async function insert(actor: Actor, desk: Desk, input: {
    assigneeId: string; patientId: string | null; encounterId: string | null; description: string; category: string; dueDate: string | null;
  }, meta: RequestMeta): Promise<TaskView> {
    await checkAssignee(desk, input.assigneeId);
    const id = crypto.randomUUID();
    const doc = {
      id, practiceId: desk.practiceId, ...input, status: "open", createdBy: actor.userId, onBehalfOf: principalOf(actor),
      updatedBy: actor.userId, createdAt: clock.now().toISOString(), _deleted: false,
    };
    await write(["tasks"], (w) => w.insert("tasks", doc, Object.keys(doc)));
    await audit.record({ event: "task.write", actorId: actor.userId, subjectId: input.patientId, address: meta.address, details: { what: "task.create", taskId: id } });
    await notifyAssignee(actor, desk, { id, assigneeId: input.assigneeId, description: input.description });
    return toView(await taskOf(desk, id));
  }

  return {
    deskOf,

    /** `GET /doctorTasks/assignees/dropdown`: the doctor and their VMAs (admins: the admins). */
    async assignees(actor: Actor): Promise<TaskAssignee[]> {
      return (await assignees(deskOf(actor))).map((m) => ({ id: m.id, firstName: m.first_name, lastName: m.last_name, role: m.role }));
    },

    async create(actor: Actor, input: Omit<TaskCreateInput, "patientId" | "category"> & { patientId: string | null; category: string }, meta: RequestMeta) {
      const desk = deskOf(actor);
      if (desk.practiceId && input.patientId) await practicePatient(sql, desk.practiceId, input.patientId);
      return await insert(actor, desk, { ...input, encounterId: null }, meta);
    },

    /** `POST /doctorTasks/encounter/{id}`: the encounter's patient, the encounter linked. */
    async createFromEncounter(actor: Actor, encounterId: string, input: Omit<TaskCreateInput, "patientId">, meta: RequestMeta) {
      const desk = deskOf(actor);
      if (!UUID.test(encounterId) || !desk.practiceId) throw notFound("Encounter not found");
      const [enc] = await sql<{ patient_id: string }[]>`select e.patient_id from encounters e join users p on p.id = e.patient_id
        where e.id = ${encounterId} and e.deleted_at is null and p.doctor_id = ${desk.practiceId}`;
      if (!enc) throw notFound("Encounter not found");
      return await insert(actor, desk, { ...input, patientId: enc.patient_id, encounterId }, meta);
    },

    /** `POST /doctorTasks/list`: filters mine, status, patient, category; open first, then the soonest due, then newest. */
    async list(actor: Actor, input: TaskListInput) {
      const desk = deskOf(actor);
      const f = input.filter;
      const where = sql`not t.deleted
        and ${desk.practiceId ? sql`t.practice_id = ${desk.practiceId}` : sql`t.practice_id is null`}
        ${f.mine ? sql`and t.assignee_id = ${actor.userId}` : sql``}
        ${f.status !== "all" ? sql`and t.status = ${f.status}` : sql``}
        ${f.patientId ? sql`and t.patient_id = ${f.patientId}` : sql``}
        ${f.category ? sql`and t.category = ${f.category}` : sql``}`;
      const rows = await sql<Row[]>`${SELECT(sql)} where ${where}
        order by t.status = 'closed', t.due_date nulls last, t.created_at desc, t.id limit ${input.limit} offset ${input.offset}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from tasks t where ${where}`;
      return listOf(rows.map(toView), input.offset, input.limit, count);
    },

    async get(actor: Actor, id: string) {
      return toView(await taskOf(deskOf(actor), id));
    },

    /** `PUT /doctorTasks/edit/{id}`. */
    async edit(actor: Actor, id: string, input: TaskEditInput, meta: RequestMeta) {
      const desk = deskOf(actor);
      const before = await taskOf(desk, id);
      if (input.assigneeId) await checkAssignee(desk, input.assigneeId);
      if (input.patientId && desk.practiceId) await practicePatient(sql, desk.practiceId, input.patientId);
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const doc = { ...changes, updatedBy: actor.userId };
      await write(["tasks"], (w) => w.update("tasks", id, doc, Object.keys(doc)));
      await audit.record({ event: "task.write", actorId: actor.userId, subjectId: input.patientId ?? before.patient_id, address: meta.address, details: { what: "task.edit", taskId: id } });
      if (input.assigneeId && input.assigneeId !== before.assignee_id) {
        await notifyAssignee(actor, desk, { id, assigneeId: input.assigneeId, description: input.description ?? before.description });
      }
      return toView(await taskOf(desk, id));
    },

    /** `PUT /doctorTasks/close/{id}` (and reopen): open ↔ closed. */
    async setStatus(actor: Actor, id: string, status: "open" | "closed", meta: RequestMeta) {
      const desk = deskOf(actor);
      const before = await taskOf(desk, id);
      if (before.status !== status) {
        await write(["tasks"], (w) => w.update("tasks", id, { status, updatedBy: actor.userId }, ["status", "updatedBy"]));
        await audit.record({ event: "task.write", actorId: actor.userId, subjectId: before.patient_id, address: meta.address, details: { what: `task.${status === "closed" ? "close" : "reopen"}`, taskId: id } });
      }
      return toView(await taskOf(desk, id));
    },

    /** `DELETE /doctorTasks/{id}`: the doctor, or whoever created it (VMAs prepare, doctors decide). */
    async remove(actor: Actor, id: string, meta: RequestMeta) {
      const desk = deskOf(actor);
      const before = await taskOf(desk, id);
      if (actor.role === "vma" && before.created_by !== actor.userId) throw forbidden("Only the doctor or the task's creator may delete it", "NOT_ALLOWED");
      await write(["tasks"], (w) => w.update("tasks", id, { _deleted: true, updatedBy: actor.userId }, ["_deleted", "updatedBy"]));
      await audit.record({ event: "task.write", actorId: actor.userId, subjectId: before.patient_id, address: meta.address, details: { what: "task.delete", taskId: id } });
      return { deleted: true };
    },

    /** `GET /doctorTasks/count`: open tasks assigned to the caller (the header badge). */
    async count(actor: Actor): Promise<{ count: number }> {
      const desk = deskOf(actor);
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from tasks t
        where not t.deleted and t.status = 'open' and t.assignee_id = ${actor.userId}
          and ${desk.practiceId ? sql`t.practice_id = ${desk.practiceId}` : sql`t.practice_id is null`}`;
      return { count };
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
