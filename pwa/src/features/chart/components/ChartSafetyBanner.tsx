import type { CardRecordView, CardView } from "../lib/chart-types.ts";

type Card = Pick<CardView, "allergies" | "allergiesNoSignificant" | "medications">;

const allergyText = (a: CardRecordView) => [a.name, a.reaction && `(${a.reaction})`].filter(Boolean).join(" ");
const medicationText = (m: CardRecordView) => [m.name, m.dose, m.frequency].filter(Boolean).join(" ");

/**
 * Allergies and current medications at the top of every chart section (issue 32), as a clinician checks
 * them before acting: "No known allergies" (ticked) and "Allergies not recorded" (never asked) differ.
 */
export function ChartSafetyBanner({ card }: { card: Card | null }) {
  if (!card) return null;
  const allergies = card.allergies.map(allergyText).filter(Boolean);
  const medications = card.medications.map(medicationText).filter(Boolean);
  return (
    <section className="chart-safety" aria-label="Allergies and medications">
      <p className={allergies.length ? "chart-safety__line chart-safety__line--alert" : "chart-safety__line"}>
        <strong>Allergies:</strong>{" "}
        {allergies.length ? allergies.join(", ") : card.allergiesNoSignificant ? "No known allergies" : "Not recorded"}
      </p>
      <p className="chart-safety__line">
        <strong>Medications:</strong> {medications.length ? medications.join("; ") : "None recorded"}
      </p>
    </section>
  );
}
