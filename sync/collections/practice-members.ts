/**
 * The practice's people (issue 31): its doctor and the VMAs attached to the doctor, with their names and role,
 * so the task form's assignee picker reads the device with no network. The doctor and the VMAs acting for them
 * read them (scope `practice` on `practiceId`). Pull-only: attaching or detaching a VMA, and a name, role or
 * blocking change, mark the row (edge/migrations/0096); the edge sequences it like the chart's entries. A VMA
 * detached or blocked reads as deleted: no task can be assigned to them any more.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { storableText } from "../rules/storable-text.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";

export const practiceMemberDocSchema = z.object({
  id: docIdSchema,
  practiceId: docIdSchema,
  userId: docIdSchema,
  firstName: storableText(100),
  lastName: storableText(100),
  role: z.enum(["doctor", "vma"]),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type PracticeMemberDoc = z.infer<typeof practiceMemberDocSchema>;

export const practiceMemberRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    practiceId: RX_ID,
    userId: RX_ID,
    firstName: { type: "string", maxLength: 100 },
    lastName: { type: "string", maxLength: 100 },
    role: { type: "string", enum: ["doctor", "vma"], maxLength: 10 },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "practiceId", "userId", "firstName", "lastName", "role", "updatedAt"],
  indexes: [],
} as const;

export const practiceMembersCollection: SyncCollection<PracticeMemberDoc> = {
  name: "practice_members",
  table: "practice_members",
  schema: practiceMemberDocSchema,
  rxSchema: practiceMemberRxSchema,
  access: {
    read: "practice",
    scopeField: "practiceId",
    create: "nobody",
    writableFields: [],
    serverFields: ["practiceId", "userId", "firstName", "lastName", "role"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
