import { Fragment, type ReactNode, useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, ConfirmDialog } from "../../../ui/index.ts";
import { type ListName, LISTS, SOCIAL_OPTIONS } from "../../medical-card/index.ts";
import { useActions } from "../hooks/use-actions.ts";
import type { ChartCard } from "../../../../../sync/schemas/patient-record.ts";
import type { CardRecordView, CardView } from "../lib/chart-types.ts";
import { RecordDialog, SOCIAL_FIELDS, SocialHistoryDialog } from "./RecordDialog.tsx";

const ORDER: ListName[] = ["allergies", "medications", "pastMedicalHistory", "surgicalHistory", "familyHistory"];
/** The lists with a "nothing significant" marker (02 §3) and how it reads. */
type MarkedList = "allergies" | "familyHistory";
const MARKERS: Record<MarkedList, { flag: "allergiesNoSignificant" | "familyHistoryNoSignificant"; label: string }> = {
  allergies: { flag: "allergiesNoSignificant", label: "No known allergies" },
  familyHistory: { flag: "familyHistoryNoSignificant", label: "No significant family history" },
};
const markedList = (list: ListName): MarkedList | null => (list === "allergies" || list === "familyHistory" ? list : null);

type Props = {
  patientId: string;
  /** The server's answer, or offline the device's copy (read-only). */
  card: CardView;
  canEdit: boolean;
  onCard: (card: ChartCard) => void;
  /** Said under the heading (the device's copy read offline). */
  notice?: ReactNode;
};

/** The medical card record by record: add, edit and delete each; the "nothing significant" markers; social history. */
export function MedicalCardSection({ patientId, card, canEdit, onCard, notice }: Props) {
  const api = useApi();
  const { run, busy } = useActions();
  const [editing, setEditing] = useState<{ list: ListName; record: CardRecordView | null } | null>(null);
  const [deleting, setDeleting] = useState<{ list: ListName; record: CardRecordView } | null>(null);
  const [social, setSocial] = useState(false);

  const mark = async (list: MarkedList, noSignificant: boolean) => {
    const saved = await run(
      `mark-${list}`,
      () => api.POST("/patient/edit-record/{id}", { path: { id: patientId }, body: { type: list, noSignificant } }),
      noSignificant ? `Marked: ${MARKERS[list].label.toLowerCase()}` : "Marker removed",
    );
    if (saved) onCard(saved);
  };

  return (
    <section className="stack" aria-labelledby="card-title">
      <h2 id="card-title">Medical card</h2>
      {notice}
      {ORDER.map((list) => {
        const spec = LISTS[list];
        const records = card[list];
        const markable = markedList(list);
        const marker = markable ? MARKERS[markable] : undefined;
        const marked = marker ? card[marker.flag] : false;
        const titleId = `card-${list}-title`;
        return (
          <section key={list} className="card stack chart-card-list" aria-labelledby={titleId}>
            <div className="row chart-section__bar">
              <h3 id={titleId}>{spec.title}</h3>
              {canEdit && (
                <Button variant="secondary" onClick={() => setEditing({ list, record: null })}>
                  Add {spec.itemLabel.toLowerCase()}
                </Button>
              )}
            </div>
            {marked && records.length === 0 && <p className="chart-marker"><strong>{marker!.label}</strong></p>}
            {records.length === 0 && !marked && <p className="muted">Nothing recorded.</p>}
            {records.length > 0 && (
              <ul className="chart-list">
                {records.map((record) => (
                  <li key={record._id} className="chart-list__item">
                    <div className="chart-list__main">
                      <span className="chart-list__title">{record[spec.columns[0].key]}</span>
                      <span className="muted">{describeRecord(list, record)}</span>
                    </div>
                    {canEdit && (
                      <div className="row chart-list__actions">
                        <Button variant="text" aria-label={`Edit ${record[spec.columns[0].key]}`} onClick={() => setEditing({ list, record })}>
                          Edit
                        </Button>
                        <Button variant="text" aria-label={`Delete ${record[spec.columns[0].key]}`} onClick={() => setDeleting({ list, record })}>
                          Delete
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {canEdit && markable && marker && records.length === 0 && (
              <div>
                <Button variant="text" loading={busy === `mark-${list}`} onClick={() => void mark(markable, !marked)}>
                  {marked ? `Remove “${marker.label}”` : `Mark “${marker.label}”`}
                </Button>
              </div>
            )}
          </section>
        );
      })}
      <section className="card stack" aria-labelledby="card-social-title">
        <div className="row chart-section__bar">
          <h3 id="card-social-title">Social history</h3>
          {canEdit && <Button variant="secondary" onClick={() => setSocial(true)}>Edit social history</Button>}
        </div>
        {card.socialHistory
          ? (
            <dl className="details-grid">
              {SOCIAL_FIELDS.map(({ key, label }) => (
                <Fragment key={key}>
                  <dt>{label}</dt>
                  <dd>{SOCIAL_OPTIONS[key].find((o) => o.value === card.socialHistory![key])?.label ?? card.socialHistory![key]}</dd>
                </Fragment>
              ))}
            </dl>
          )
          : <p className="muted">Nothing recorded.</p>}
      </section>
      <RecordDialog
        patientId={patientId}
        list={editing?.list ?? null}
        record={editing?.record ?? null}
        onSaved={onCard}
        onClose={() => setEditing(null)}
      />
      <SocialHistoryDialog patientId={patientId} open={social} current={card.socialHistory} onSaved={onCard} onClose={() => setSocial(false)} />
      <ConfirmDialog
        describeFailure={errorMessage}
        open={deleting !== null}
        title={`Delete ${deleting ? LISTS[deleting.list].itemLabel.toLowerCase() : ""}?`}
        summary={deleting ? `“${deleting.record[LISTS[deleting.list].columns[0].key]}” is removed from the medical card.` : ""}
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          onCard(
            await api.POST("/patient/delete-record/{id}", { path: { id: patientId }, body: { type: deleting.list, _id: deleting.record._id } }),
          );
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/** The record's other columns: "Reaction: Rash · Comment: as a child"; a choice by its label alone ("Living"). */
export function describeRecord(list: ListName, record: CardRecordView): string {
  return LISTS[list].columns.slice(1)
    .filter((c) => record[c.key])
    .map((c) => {
      const option = c.options?.find((o) => o.value === record[c.key]);
      return option ? option.label : `${c.label}: ${record[c.key]}`;
    })
    .join(" · ");
}
