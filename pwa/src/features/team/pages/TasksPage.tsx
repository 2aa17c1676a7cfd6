/**
 * `/doctor/tasks`, `/vma/tasks` (the practice's tasks) and `/admin/tasks` (the
 * platform's support tasks): filters (mine, open/closed, patient, category),
 * paging, a new task (assignee, patient, category, due date, description with
 * macro expansion), close/reopen and delete. Overdue tasks are marked.
 *
 * The practice's tasks are read from the device (synced collection `tasks`), so
 * the list, its filters and closing work offline (a closed task waits with a
 * pending mark until the device is back online). A new task is made on the
 * device when offline (issue 31): the assignee and patient pickers read the
 * device (the practice's people and panel), the server checks it like the API
 * when it arrives. Deleting needs the network. The admins' desk is read from the API.
 */
import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import type { z } from "zod";
import {
  ADMIN_TASK_CATEGORIES,
  adminTaskCreateSchema,
  TASK_CATEGORIES,
  taskCreateSchema,
  type TaskCreateInput,
  taskFromEncounterSchema,
  type TaskView,
} from "../../../../../sync/schemas/team.ts";
import { Button, Checkbox, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import {
  useActorLabel,
  useCreateTask,
  usePanelPatients,
  usePracticeMembers,
  useSetTaskStatus,
  useSyncStatus,
  useTasks,
} from "../../sync/index.ts";
import { PendingMark, pendingLabel } from "../../../ui/index.ts";
import { MacroTextArea } from "../components/MacroTextArea.tsx";
import { errorText, isOverdue, teamKeys } from "../lib/keys.ts";
import { allPracticePatients } from "../lib/practice-patients.ts";

/** Tasks per page. */
export const TASKS_PAGE = 20;
type Area = "doctor" | "vma" | "admin";
type Person = { id: string; firstName: string; lastName: string };
/** A new task, checked with the schema of where it goes: the device (offline), or the API's route. */
type NewTask =
  | { on: "device"; task: TaskCreateInput & { encounterId: string | null } }
  | { on: "admin"; task: z.output<typeof adminTaskCreateSchema> }
  | { on: "encounter"; encounterId: string; task: z.output<typeof taskFromEncounterSchema> }
  | { on: "practice"; task: TaskCreateInput };
/** What the edge answers an input its schema refuses (edge/src/http/validate.ts), said here when the form checks first. */
const CORRECT_FIELDS = "Please correct the highlighted fields";

export function TasksPage({ area }: { area: Area }) {
  const { api } = useAppDeps();
  const user = useCurrentUser();
  const notify = useSnackbar();
  const actorLabel = useActorLabel();
  // The device's tasks carry who changed them last: for a closed task, who closed it.
  const closedBy = (t: object) => ("updatedBy" in t && typeof t.updatedBy === "string" ? actorLabel(t.updatedBy) : null);
  const client = useQueryClient();
  const categories = area === "admin" ? ADMIN_TASK_CATEGORIES : TASK_CATEGORIES;
  const [params] = useSearchParams();
  const [mine, setMine] = useState(false);
  const [status, setStatus] = useState<"open" | "closed" | "all">("open");
  const [category, setCategory] = useState("");
  const [patientId, setPatientId] = useState("");
  const [offset, setOffset] = useState(0);
  const filter = { mine: mine || undefined, status, category: category || undefined, patientId: patientId || undefined };
  const remote = useQuery({
    queryKey: teamKeys.tasks(area, { filter, offset }), enabled: area === "admin",
    // Only the admins' desk is read from the API; its filter is whose and which status (no category, no patient).
    queryFn: () => api.POST("/adminTasks/list", { body: { filter: { mine: filter.mine, status }, offset, limit: TASKS_PAGE } }),
    // The page shown stays (and its pager with it) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const device = useTasks();
  const setStatus_ = useSetTaskStatus();
  const localMatches = device.items.filter((t) =>
    !t._deleted && (!mine || t.assigneeId === user.id) && (status === "all" || t.status === status) &&
    (!category || t.category === category) && (!patientId || t.patientId === patientId)
  );
  const tasks = area === "admin"
    ? remote
    : {
      isPending: device.loading, isError: false as const, error: null, refetch: async () => {},
      data: { list: localMatches.slice(offset, offset + TASKS_PAGE) as (TaskView & { pending?: boolean })[], totalCount: localMatches.length },
    };
  // A task closed (out of "Open") or deleted can empty the last page: back to the last page that has tasks.
  useOffsetInRange(offset, TASKS_PAGE, tasks.isPending ? undefined : tasks.data?.totalCount, setOffset);
  const assignees = useQuery({
    queryKey: teamKeys.assignees(area),
    queryFn: () => (area === "admin" ? api.GET("/adminTasks/assignees/dropdown") : api.GET("/doctorTasks/assignees/dropdown")),
  });
  // The whole panel (it listed the first 100 by last name: a practice has up to 400).
  const patients = useQuery({
    queryKey: ["patients", "dropdown", "all"], enabled: area !== "admin",
    queryFn: async ({ signal }) => ({ list: await allPracticePatients(api, signal) }),
  });
  // The practice's pickers read the device when it holds them (offline too; issue 31), else the API's lists.
  const { online } = useSyncStatus();
  const members = usePracticeMembers();
  const panel = usePanelPatients();
  const practice = area !== "admin";
  const assigneeList: Person[] | undefined = practice && members.items.length
    ? members.items.filter((m) => !m._deleted).map((m) => ({ id: m.userId, firstName: m.firstName, lastName: m.lastName }))
    : assignees.data?.list;
  const patientList: Person[] | undefined = practice && panel.items.length
    ? panel.items.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName }))
    : patients.data?.list;
  const createOnDevice = useCreateTask();
  const refresh = () => client.invalidateQueries({ queryKey: ["tasks", area] });
  const act = useMutation({
    // Closing a practice task is a write on the device: it must run offline (TanStack pauses "online" mutations).
    networkMode: "always",
    mutationFn: async ({ task, op }: { task: TaskView; op: "close" | "reopen" | "delete" }) => {
      const path = { id: task.id };
      if (op === "delete") {
        return area === "admin" ? await api.DELETE("/adminTasks/{id}", { path }) : await api.DELETE("/doctorTasks/{id}", { path });
      }
      // The practice's tasks change on the device (offline too); the admins' through the API.
      if (area !== "admin") return await setStatus_(task.id, op === "close" ? "closed" : "open");
      return op === "close" ? await api.PUT("/adminTasks/close/{id}", { path }) : await api.PUT("/adminTasks/reopen/{id}", { path });
    },
    onSuccess: (_r, { op }) => { notify(op === "delete" ? "Task deleted" : op === "close" ? "Task closed" : "Task reopened"); void refresh(); },
    onError: (error) => notify(errorText(error), "error"),
  });

  const encounterId = params.get("encounterId") ?? "";
  const offlineCreate = practice && !online;
  // Where a new task goes, with the schema it is checked with there (the server's own rules; offline they are checked here
  // first, as the server's answer comes only later).
  const destination: z.ZodType<NewTask> = offlineCreate
    ? taskCreateSchema.transform((task) => ({ on: "device" as const, task: { ...task, encounterId: encounterId || null } }))
    : area === "admin"
    ? adminTaskCreateSchema.transform((task) => ({ on: "admin" as const, task }))
    : encounterId
    ? taskFromEncounterSchema.transform((task) => ({ on: "encounter" as const, encounterId, task }))
    : taskCreateSchema.transform((task) => ({ on: "practice" as const, task }));
  const taskForm = useForm({
    schema: destination,
    idPrefix: "task",
    // The refusal is said in the form (an alert of its own), not also in a snackbar.
    announceFailure: false,
    initial: { assigneeId: "", patientId: params.get("patientId") ?? "", category: "", dueDate: "", description: "" },
    toInput: (v) => {
      const body = { assigneeId: v.assigneeId, category: v.category, description: v.description, dueDate: v.dueDate || null };
      if (offlineCreate) return { ...body, patientId: v.patientId || params.get("patientId") || "" };
      return area === "admin" || encounterId ? body : { ...body, patientId: v.patientId };
    },
  });
  const { values: form, errors } = taskForm;
  const create = useMutation({
    // Offline, a practice's task is made on the device (TanStack would pause an "online" mutation).
    networkMode: "always",
    mutationFn: async (task: NewTask) => {
      switch (task.on) {
        case "device":
          return await createOnDevice(task.task);
        case "admin":
          return await api.POST("/adminTasks", { body: task.task });
        case "encounter":
          return await api.POST("/doctorTasks/encounter/{id}", { path: { id: task.encounterId }, body: task.task });
        case "practice":
          return await api.POST("/doctorTasks", { body: task.task });
      }
    },
  });
  const submit = taskForm.handleSubmit(async (task) => {
    await create.mutateAsync(task);
    notify(offlineCreate ? "Task saved on this device. It is sent when you are back online." : "Task created");
    taskForm.reset({ assigneeId: "", patientId: "", category: "", dueDate: "", description: "" });
    void refresh();
  });
  // What the form itself refuses is said as the edge would.
  const failure = taskForm.formError ?? errors._ ?? (Object.keys(errors).length > 0 ? CORRECT_FIELDS : null);
  const people = (list?: Person[]) => (list ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}${p.id === user.id ? " (me)" : ""}` }));

  return (
    <div className="stack">
      <title>Tasks · DPC Telehealth</title>
      <h1>Tasks</h1>
      <section className="card stack" aria-labelledby="new-task-title">
        <h2 id="new-task-title">New task{encounterId ? " about this encounter" : ""}</h2>
        <form className="stack" onSubmit={submit} noValidate>
          <Select label="Assignee" value={form.assigneeId} placeholder="Choose" options={people(assigneeList)}
            error={errors.assigneeId} onChange={(assigneeId) => taskForm.set("assigneeId", assigneeId)} />
          {area !== "admin" && !encounterId && (
            <Select label="Patient" value={form.patientId} placeholder="Choose" options={people(patientList)}
              error={errors.patientId} onChange={(pid) => taskForm.set("patientId", pid)} />
          )}
          <Select label="Category" value={form.category} placeholder="Choose" error={errors.category}
            options={categories.map((c) => ({ value: c, label: c }))} onChange={(c) => taskForm.set("category", c)} />
          <TextField label="Due date (optional)" type="date" value={form.dueDate} error={errors.dueDate}
            onChange={(dueDate) => taskForm.set("dueDate", dueDate)} />
          <MacroTextArea label="Description" value={form.description} error={errors.description}
            patientId={area === "admin" ? undefined : form.patientId || params.get("patientId") || undefined}
            people={{ patient: patientList?.find((p) => p.id === (form.patientId || params.get("patientId"))) ?? null }}
            onChange={(description) => taskForm.set("description", description)} />
          {failure && <p role="alert" className="ui-field__error">{failure}</p>}
          <div><Button type="submit" loading={taskForm.submitting}>Create task</Button></div>
        </form>
      </section>

      <section className="stack" aria-labelledby="task-list-title">
        <h2 id="task-list-title">Task list</h2>
        <div className="row" style={{ flexWrap: "wrap", gap: "0.75rem", alignItems: "end" }}>
          <Checkbox label="Assigned to me" checked={mine} onChange={(v: boolean) => { setMine(v); setOffset(0); }} />
          <Select label="Status" value={status} options={[{ value: "open", label: "Open" }, { value: "closed", label: "Closed" }, { value: "all", label: "All" }]}
            onChange={(v) => { setStatus(v as typeof status); setOffset(0); }} />
          {/* The admins' desk (`POST /adminTasks/list`) filters by whose and status only. */}
          {area !== "admin" && (
            <Select label="Category filter" value={category} placeholder="All categories" options={categories.map((c) => ({ value: c, label: c }))}
              onChange={(v) => { setCategory(v); setOffset(0); }} />
          )}
          {area !== "admin" && (
            <Select label="Patient filter" value={patientId} placeholder="All patients" options={people(patientList)}
              onChange={(v) => { setPatientId(v); setOffset(0); }} />
          )}
        </div>
        {tasks.isPending ? <Spinner label="Loading tasks" /> : tasks.isError
          ? <p role="alert">{errorText(tasks.error)} <Button variant="text" onClick={() => void tasks.refetch()}>Retry</Button></p>
          : tasks.data.list.length === 0 ? <EmptyState title="No tasks here">Tasks you create or receive appear here.</EmptyState>
          : (
            <ul className="stack" style={{ listStyle: "none", padding: 0 }} aria-label="Tasks">
              {tasks.data.list.map((t) => (
                <li key={t.id} className="card stack" aria-label={`Task: ${t.description.slice(0, 60)}`}>
                  <p style={{ whiteSpace: "pre-wrap", margin: 0 }}>{t.description}</p>
                  <p style={{ margin: 0 }}>
                    <strong>{t.category}</strong> · for {t.assigneeName}{t.patientName ? ` · patient ${t.patientName}` : ""}
                    {t.dueDate ? ` · due ${t.dueDate}` : ""}
                    {isOverdue(t) && <strong className="ui-field__error"> · Overdue</strong>}
                     · {t.status === "open" ? "Open" : "Closed"}
                    {"pending" in t && t.pending && <> <PendingMark>{pendingLabel(navigator.onLine)}</PendingMark></>}
                  </p>
                  <p style={{ margin: 0 }}>
                    <small>
                      {t.onBehalfOf && t.onBehalfOf === user.id
                        ? `by ${t.createdByName} for you`
                        : `by ${actorLabel(t.createdBy) ?? t.createdByName}`}
                      {/* Who closed it, and for whom when an assistant did (issue 32). */}
                      {t.status === "closed" && closedBy(t) && ` · closed by ${closedBy(t)}`}
                    </small>
                  </p>
                  <div className="row" style={{ gap: "0.5rem", flexWrap: "wrap" }}>
                    {t.status === "open"
                      ? <Button variant="secondary" onClick={() => act.mutate({ task: t, op: "close" })}>Close task</Button>
                      : <Button variant="secondary" onClick={() => act.mutate({ task: t, op: "reopen" })}>Reopen</Button>}
                    {(area === "admin" || online) && (user.role !== "vma" || t.createdBy === user.id) && (
                      <Button variant="danger" onClick={() => act.mutate({ task: t, op: "delete" })}>Delete</Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        {tasks.data && (
          <Pager offset={offset} limit={TASKS_PAGE} total={tasks.data.totalCount} busy={area === "admin" && remote.isPlaceholderData}
            onChange={setOffset} label="Tasks pages" />
        )}
      </section>
    </div>
  );
}
