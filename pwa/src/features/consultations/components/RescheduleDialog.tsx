import { useMemo, useState } from "react";
import { addDays } from "../../../../../sync/rules/zoned-time.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, Dialog } from "../../../ui/index.ts";
import { SLOT_WINDOW_DAYS, useFreeSlots, windowStart } from "../hooks/use-free-slots.ts";
import type { ConsultationView } from "../lib/consultation-view.ts";
import { formatDateTime } from "../lib/time-format.ts";
import { SlotPicker } from "./SlotPicker.tsx";

export type RescheduleDialogProps = {
  consultation: ConsultationView;
  timeZone: string;
  onConfirm: (startAt: string) => Promise<void>;
  onClose: () => void;
};

/** The doctor's side picks another free slot; the consultation becomes accepted at that time. */
export function RescheduleDialog({ consultation, timeZone, onConfirm, onClose }: RescheduleDialogProps) {
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstDay = useMemo(() => windowStart(page, timeZone), [page, timeZone]);
  const slots = useFreeSlots(consultation.doctorId, firstDay, timeZone);

  const confirm = async () => {
    if (!selected) {
      setFailure("Choose a new time");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(selected);
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
      setSelected("");
      slots.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title="Reschedule the consultation" onClose={() => !busy && onClose()} wide>
      <div className="stack">
        <p>Now: {formatDateTime(consultation.startAt, timeZone)}. Choose a new free time; the consultation will be accepted for it.</p>
        <SlotPicker
          firstDay={firstDay}
          lastDay={addDays(firstDay, SLOT_WINDOW_DAYS - 1)}
          days={slots.days}
          timeZone={timeZone}
          doctorTimeZone={null}
          selected={selected}
          onSelect={(startAt) => {
            setSelected(startAt);
            setFailure(null);
          }}
          loading={slots.loading}
          error={slots.error}
          onRetry={slots.reload}
          canGoEarlier={page > 0}
          onEarlier={() => setPage((p) => Math.max(0, p - 1))}
          onLater={() => setPage((p) => p + 1)}
        />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row dialog-actions">
          <Button onClick={confirm} loading={busy} disabled={!selected}>
            {selected ? `Move to ${formatDateTime(selected, timeZone)}` : "Choose a new time"}
          </Button>
          <Button variant="text" onClick={onClose} disabled={busy}>Back</Button>
        </div>
      </div>
    </Dialog>
  );
}
