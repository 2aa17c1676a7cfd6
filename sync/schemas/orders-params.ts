/**
 * The orders' path parameters (edge/src/domains/orders/routes.ts). Orders are looked up through the orders access
 * module, which checks ids with the chart's `UUID` (orders/access.ts): `chartIdSchema` accepts exactly that, so a
 * malformed id answers 400 naming the parameter, and a well-formed id the caller may not see still answers 404.
 * A file or result id is matched against the order's stored files (UUIDs), as before.
 */
import { z } from "zod";
import { chartIdSchema } from "./chart-params.ts";

/** `/…/:id`: a lab, imaging order, referral or prescription (or, for `/patient/pharmacy/:id`, a patient; for `/encounters/orders-list/:id`, an encounter). */
export const orderIdParamSchema = z.object({ id: chartIdSchema });
/** `/encounterLabs/…/:encounterId` and the other kinds' lists and creates. */
export const orderEncounterIdParamSchema = z.object({ encounterId: chartIdSchema });
/** `/encounterPrescriptions/list/all/:patientId`. */
export const orderPatientIdParamSchema = z.object({ patientId: chartIdSchema });
/** `/encounterLabs/:id/result/:resultId`: a lab and one of its result files. */
export const labResultParamSchema = z.object({ id: chartIdSchema, resultId: chartIdSchema });
/** `/encounterImagings/:id/files/:fileId`: an imaging order and one of its attachments or result files. */
export const orderFileParamSchema = z.object({ id: chartIdSchema, fileId: chartIdSchema });
