/** What a refused change was, in a line the user recognises ("Vitals 142/91", "Problem “Fall risk”"). */
import type { Refusal } from "./refusals.ts";

const quoted = (text: unknown, max = 80) => {
  const value = typeof text === "string" ? text.trim() : "";
  return value ? `“${value.length > max ? `${value.slice(0, max - 1)}…` : value}”` : "";
};

/** What it was, and for an edit the server refused, that the device went back to the server's version. */
export function describeRefusal(refusal: Refusal): string {
  const what = describeDoc(refusal);
  return refusal.outcome === "reverted" ? `${what} (your edit; the saved version is kept)` : what;
}

function describeDoc({ collection, doc }: Refusal): string {
  const data = (doc.data ?? {}) as Record<string, unknown>;
  switch (collection) {
    case "chart_entries":
      switch (doc.kind) {
        case "vitals":
          return ["Vitals", data.bloodPressure, data.heartRate ? `pulse ${data.heartRate}` : ""].filter(Boolean).join(" ");
        case "problem":
          return `Problem ${quoted(data.name)}`;
        case "encounter":
          return `Encounter ${quoted(data.reason)}`;
        case "diagnosis":
          return `Diagnosis ${data.code ?? ""} ${data.description ?? ""}`.trim();
        case "prescription":
          return `Prescription draft ${quoted(data.medication)}`;
        case "referral":
          return `Referral to ${quoted(data.specialty)}`;
        default:
          return "A chart entry";
      }
    case "chat_messages":
      return `Message ${quoted(doc.text)}`;
    case "note_drafts":
      return `Note draft ${quoted(doc.title)}`;
    case "encounter_notes":
      return `Note ${quoted(doc.typeName)}`;
    case "medical_files":
      return `File ${quoted(doc.name)}`;
    case "tasks":
      return `Task ${quoted(doc.description)}`;
    default:
      return "A change";
  }
}
