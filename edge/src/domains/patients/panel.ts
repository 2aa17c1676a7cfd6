/**
 * The panel on the care team's devices (sync collection `patients`, issue 31): its documents are read from the
 * users and medical_cards tables, so every write of a patient's profile or medical card is followed by a touch
 * that gives the patient's row a new seq, under the sync writer's lock: the care team's devices pull it, or are
 * told at once. A touch runs right after the write's own transaction; were the process to stop between the two,
 * the device would catch up at the patient's next change.
 */
import type { Sql } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "../chart/audit.ts";
import type { CreateEffects } from "../sync/service.ts";
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import { careTeamDoctorOf } from "../sync/scopes.ts";

/** After a write of these patients' profile or card, in a transaction of its own. */
export async function touchPanel(write: SyncWriter, patientIds: string[]): Promise<void> {
  if (patientIds.length === 0) return;
  await write(["patients"], (w) => w.touchPatients("patients", patientIds));
}

/** Inside a sync write that holds the `patients` lock (an assignment, a detach). */
export const touchPanelIn = (w: SyncWrite, patientIds: string[]) => w.touchPatients("patients", patientIds);

/**
 * Makes the missing panel rows of a practice's patients (read before a pull of `patients`): every patient of the
 * practice is on its devices however they were added (a seed, an admin's tool). Writes only when one is missing.
 */
export async function ensurePanelRows(sql: Sql, write: SyncWriter, doctorId: string | null): Promise<void> {
  if (!doctorId) return;
  const missing = await sql<{ id: string }[]>`select u.id from users u
    where u.role = 'patient' and u.doctor_id = ${doctorId} and not exists (select 1 from patient_panel p where p.id = u.id)`;
  if (missing.length > 0) await touchPanel(write, missing.map((r) => r.id));
}

/** The panel's sync effects: a pull page is a read of the patients' health data (their card), audited as such. */
export function createPanelSyncEffects(deps: Pick<Deps, "sql" | "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  return {
    // Every patient of the practice has a panel row, however they were added (a seed, an admin's tool).
    async beforePull(actor, write) {
      await ensurePanelRows(deps.sql, write, careTeamDoctorOf(actor));
    },
    async pulled(actor, docs) {
      await audit.read(actor, { patientId: null, what: "panel.pull", details: { patientIds: docs.map((d) => d.id) } })
        .catch((e: unknown) => deps.log.error("audit of a panel pull failed", { error: e instanceof Error ? e.message : String(e) }));
    },
  };
}
