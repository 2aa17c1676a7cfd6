/** An encounter's full export for faxing: the chart decides access (404 otherwise) and audits the read. */
import type { Actor } from "../../access/actor.ts";
import type { Sql } from "../../db/connect.ts";
import type { ChartServices } from "../chart/service.ts";
import { ENCOUNTER_PDF_FIELDS } from "../../../../sync/schemas/encounter.ts";

export function encounterPdfFor(sql: Sql, chart: ChartServices) {
  return async (actor: Actor, encounterId: string) => {
    const pdf = await chart.encounters.download(actor, encounterId, { fields: [...ENCOUNTER_PDF_FIELDS] });
    const [row] = await sql<{ patient_id: string; encounter_datetime: Date }[]>`
      select patient_id, encounter_datetime from encounters where id = ${encounterId}`;
    return { pdf, patientId: row.patient_id, title: `Encounter ${row.encounter_datetime.toISOString().slice(0, 10)}` };
  };
}
