/**
 * Encounter-note drafts are written only by sync pushes (the editor saves on the device; its changes go in
 * batches): each created, changed or deleted draft is audited as a chart write of its patient, once per push
 * (one statement for the push's drafts), naming the fields it changed (never their content).
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import { chartWritesOfPushes } from "./audit.ts";

export function createNoteDraftSyncEffects(deps: Pick<Deps, "audit" | "log">): CreateEffects {
  return chartWritesOfPushes(deps, {
    created: (doc) => [{ patientId: doc.patientId as string, what: "noteDraft.create", id: doc.id }],
    edited: ({ doc, fields }) => [{
      patientId: doc.patientId as string,
      what: fields.includes("_deleted") && doc._deleted ? "noteDraft.delete" : "noteDraft.edit",
      id: doc.id,
      details: { fields },
    }],
  });
}
