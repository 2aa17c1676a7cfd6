/**
 * The chart's profile and medical card from the practice's panel on the device (issue 31), for when the
 * server cannot be reached. The device holds the card as stored: lists may be missing, and records the care
 * team never edited have no `_id` (the chart's lists are keyed by it), so they get one from their place.
 */
import type { PanelCard, PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import { socialHistorySchema } from "../../../../../sync/schemas/medical-card.ts";
import type { CardRecordView, CardView, PatientChartView } from "./chart-types.ts";

const LIST_NAMES = ["allergies", "medications", "pastMedicalHistory", "surgicalHistory", "familyHistory"] as const;

/** The card as the chart reads it: every list present, every record with an `_id` (`allergies-0` when it had none). */
export function deviceCard(card: PanelCard | null): CardView {
  const records = (list: (typeof LIST_NAMES)[number]): CardRecordView[] =>
    (card?.[list] ?? []).map((record, index) => ({ ...record, _id: record._id || `${list}-${index}` }));
  const social = socialHistorySchema.safeParse(card?.socialHistory);
  return {
    allergies: records("allergies"),
    allergiesNoSignificant: card?.allergiesNoSignificant ?? false,
    medications: records("medications"),
    pastMedicalHistory: records("pastMedicalHistory"),
    surgicalHistory: records("surgicalHistory"),
    familyHistory: records("familyHistory"),
    familyHistoryNoSignificant: card?.familyHistoryNoSignificant ?? false,
    // Only a complete answer (tobacco, alcohol, drugs) reads as social history, as the card's form saves it.
    socialHistory: social.success ? social.data : null,
  };
}

/** The chart's patient from the device's copy (no last encounter: that is read from the server). */
export function deviceChart(doc: PanelPatientDoc): PatientChartView {
  return {
    id: doc.id,
    firstName: doc.firstName,
    middleName: doc.middleName ?? "",
    lastName: doc.lastName,
    birthDate: doc.birthDate,
    gender: doc.gender,
    email: doc.email,
    phoneNumber: doc.phoneNumber,
    doctorId: doc.doctorId,
    lastEncounterAt: null,
    medicalCard: deviceCard(doc.card),
  };
}
