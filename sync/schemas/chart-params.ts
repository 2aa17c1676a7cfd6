/**
 * The chart's path parameters (edge/src/domains/chart/routes.ts). Every id in a chart path names a row the chart's
 * access module looks up by its UUID (a patient, an encounter, a note, a diagnosis, a problem, a note type, the
 * doctor whose note types to list, a note's file): `chartIdSchema` accepts exactly what that module's check
 * accepted (chart/access.ts `UUID`: 8-4-4-4-12 hex digits, any version, any case), so a malformed id answers
 * 400 naming the parameter, and a well-formed id the caller may not see still answers 404.
 */
import { z } from "zod";

/** An id in a chart or orders path (the access modules' `UUID`); its case is kept, as before. */
export const chartIdSchema = z.guid("Invalid id");

/** `/…/:id`: a patient, encounter, note, diagnosis, problem or note type (or, for the note-type dropdown, a doctor). */
export const chartIdParamSchema = z.object({ id: chartIdSchema });
/** `/encounters/:patientId…`. */
export const chartPatientIdParamSchema = z.object({ patientId: chartIdSchema });
/** `/encounterNotes/:encounterId`, `/diagnoses/…/:encounterId`. */
export const chartEncounterIdParamSchema = z.object({ encounterId: chartIdSchema });
/** `/encounterNotes/:id/files/:fileId`: a note and one of its files. */
export const noteFileParamSchema = z.object({ id: chartIdSchema, fileId: chartIdSchema });
