/**
 * Medical files written by a sync push are audited as the chart's writes: the device's own path (offline
 * renames, moves and deletes reach the server this way) and the REST calls, which push too. One entry per
 * created file and per kind of change, after the push's transaction commits.
 */
import type { Deps } from "../../deps.ts";
import { chartWritesOfPushes } from "../chart/audit.ts";
import type { CreateEffects } from "../sync/service.ts";

/** What each changed field of a file is, in the audit log (other fields are the server's own). */
const CHANGES = [["_deleted", "medicalFile.delete"], ["folder", "medicalFile.move"], ["name", "medicalFile.rename"]] as const;
/** A change of `_deleted` to false brings a file back. */
const whatOf = (what: string, doc: { _deleted?: unknown }) => what === "medicalFile.delete" && !doc._deleted ? "medicalFile.restore" : what;

export function createMedicalFileSyncEffects(deps: Pick<Deps, "audit" | "log">): CreateEffects {
  return chartWritesOfPushes(deps, {
    created: (doc) => [{ patientId: doc.patientId as string, what: "medicalFile.add", id: doc.id }],
    edited: ({ doc, fields }) =>
      CHANGES.filter(([field]) => fields.includes(field))
        .map(([, what]) => ({ patientId: doc.patientId as string, what: whatOf(what, doc), id: doc.id })),
  });
}
