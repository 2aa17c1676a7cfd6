import type { ConsultationIntakeForm } from "../../../../../sync/schemas/intake-form.ts";

const answerText = (value: string | number | boolean | null) =>
  value === null ? "Not answered" : value === true ? "Yes" : value === false ? "No" : String(value);

/** The patient's intake form answers, as stored with the consultation. */
export function IntakeSummary({ form }: { form: ConsultationIntakeForm }) {
  const vitals = form.vitals ?? {};
  const rows: [string, string][] = [
    ["Health changes", form.healthChanges ?? "—"],
    ...(vitals.weight !== undefined ? [["Weight", `${vitals.weight} lbs`] as [string, string]] : []),
    ...(vitals.height !== undefined ? [["Height", `${vitals.height} in`] as [string, string]] : []),
    ...(vitals.bloodPressure !== undefined ? [["Blood pressure", vitals.bloodPressure] as [string, string]] : []),
    ...(vitals.pulse !== undefined ? [["Pulse", `${vitals.pulse} a minute`] as [string, string]] : []),
    ["Illness history", form.illnessHistory ?? "—"],
    ...form.answers.map((a) => [a.question, answerText(a.answer)] as [string, string]),
  ];
  return (
    <dl className="intake-summary">
      {rows.map(([label, value], i) => (
        <div key={i} className="intake-summary__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
