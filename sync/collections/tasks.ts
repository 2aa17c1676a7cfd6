/**
 * A practice's tasks, replicated so a doctor or VMA reads and closes them
 * offline. Readers: the practice (its approved doctor and the VMAs acting for
 * that doctor; scope `practice` on `practiceId`). Edited and deleted through the
 * tasks API (`/doctorTasks`); a device may change `status` (close or reopen) and
 * create a task (issue 31: offline, the pickers read the device), which the edge
 * checks like the API does (edge/src/domains/team/task-sync.ts). The platform's own support tasks (admins) are never synced.
 * Names are read when the row is served (derived), so lists read offline.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { TASK_CATEGORIES, TASK_DESCRIPTION_MAX, TASK_STATUSES } from "../schemas/team.ts";
import { mergeFields } from "./merge.ts";
import { RX_ID, RX_UPDATED_AT, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

const name = storableText(100);

export const taskDocSchema = z.object({
  id: docIdSchema,
  practiceId: docIdSchema,
  assigneeId: docIdSchema,
  assigneeName: name,
  patientId: docIdSchema.nullable(),
  patientName: name.nullable(),
  encounterId: docIdSchema.nullable(),
  description: storableText(TASK_DESCRIPTION_MAX),
  category: z.enum(TASK_CATEGORIES),
  status: z.enum(TASK_STATUSES),
  dueDate: storableText(10).nullable(),
  createdBy: docIdSchema,
  createdByName: name,
  onBehalfOf: docIdSchema.nullable(),
  updatedBy: docIdSchema,
  createdAt: isoTimestampSchema,
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type TaskDoc = z.infer<typeof taskDocSchema>;

const nullableId = { type: ["string", "null"], maxLength: 36 } as const;
const nullableName = { type: ["string", "null"], maxLength: 100 } as const;

export const taskRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    practiceId: RX_ID,
    assigneeId: RX_ID,
    assigneeName: { type: "string", maxLength: 100 },
    patientId: nullableId,
    patientName: nullableName,
    encounterId: nullableId,
    description: { type: "string", maxLength: TASK_DESCRIPTION_MAX },
    category: { type: "string", enum: TASK_CATEGORIES, maxLength: 20 },
    status: { type: "string", enum: TASK_STATUSES, maxLength: 10 },
    dueDate: { type: ["string", "null"], maxLength: 10 },
    createdBy: RX_ID,
    createdByName: { type: "string", maxLength: 100 },
    onBehalfOf: nullableId,
    updatedBy: RX_ID,
    createdAt: { type: "string", maxLength: 24 },
    updatedAt: RX_UPDATED_AT,
  },
  required: [
    "id", "practiceId", "assigneeId", "assigneeName", "patientId", "patientName", "encounterId", "description",
    "category", "status", "dueDate", "createdBy", "createdByName", "onBehalfOf", "updatedBy", "createdAt", "updatedAt",
  ],
  indexes: [["status", "createdAt"], ["assigneeId", "status"]],
} as const;

export const tasksCollection: SyncCollection<TaskDoc> = {
  name: "tasks",
  table: "tasks",
  schema: taskDocSchema,
  rxSchema: taskRxSchema,
  access: {
    read: "practice",
    scopeField: "practiceId",
    create: "practice",
    writableFields: ["status"],
    serverFields: [
      "practiceId", "assigneeId", "assigneeName", "patientId", "patientName", "encounterId", "description", "category",
      "dueDate", "createdBy", "createdByName", "onBehalfOf", "updatedBy", "createdAt",
    ],
    ownerOnlyEdits: [],
  },
  // Closing (or reopening) is the only offline edit: it survives an edit made meanwhile through the API (a new due
  // date, a new assignee); when the status itself changed on both sides, or the task was deleted, the server's wins.
  conflict: "field-merge",
  resolveConflict: mergeFields<TaskDoc>(["status"]),
  pushBatchSize: 100,
};
