import { useState } from "react";
import type { Consultation } from "../../../../../sync/schemas/consultation.ts";
import { useOptionalSnackbar } from "../../../ui/Snackbar.tsx";
import { Button, ConfirmDialog } from "../../../ui/index.ts";
import type { ConsultationActionCalls } from "../hooks/use-consultation-actions.ts";
import { actionsFor, type ConsultationView, counterpart, type Viewer } from "../lib/consultation-view.ts";
import { formatDateTime } from "../lib/time-format.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { ReasonDialog } from "./ReasonDialog.tsx";
import { RescheduleDialog } from "./RescheduleDialog.tsx";

export type ConsultationActionsProps = {
  consultation: ConsultationView;
  viewer: Viewer;
  now: Date;
  timeZone: string;
  calls: ConsultationActionCalls;
  onChanged: (updated: Consultation) => void;
  /** Offline: changes need the server, so the buttons are off. */
  readOnly?: boolean;
};

type Open = "accept" | "decline" | "reschedule" | "cancel" | null;

/** Accept, decline, reschedule, cancel — whichever the viewer may do — each behind its dialog. */
export function ConsultationActions({ consultation: c, viewer, now, timeZone, calls, onChanged, readOnly }: ConsultationActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const notify = useOptionalSnackbar();
  const allowed = actionsFor(viewer, c, now);
  if (!Object.values(allowed).some(Boolean)) return null;
  const who = counterpart(viewer, c);
  const when = formatDateTime(c.startAt, timeZone);
  const done = (message: string) => (updated: Consultation) => {
    notify?.(message, "success");
    onChanged(updated);
  };
  const label = (action: string) => `${action} the consultation with ${who} on ${when}`;

  return (
    <div className="row consultation-actions">
      {allowed.accept && (
        <Button onClick={() => setOpen("accept")} disabled={readOnly} aria-label={label("Accept")}>Accept</Button>
      )}
      {allowed.decline && (
        <Button variant="secondary" onClick={() => setOpen("decline")} disabled={readOnly} aria-label={label("Decline")}>Decline</Button>
      )}
      {allowed.reschedule && (
        <Button variant="secondary" onClick={() => setOpen("reschedule")} disabled={readOnly} aria-label={label("Reschedule")}>
          Reschedule
        </Button>
      )}
      {allowed.cancel && (
        <Button variant="text" onClick={() => setOpen("cancel")} disabled={readOnly} aria-label={label("Cancel")}>Cancel</Button>
      )}
      <ConfirmDialog
        open={open === "accept"}
        title="Accept the consultation?"
        summary={`${who}, ${when}. Both of you will see it under Upcoming.`}
        confirmLabel="Accept"
        onConfirm={() => calls.accept(c.id).then(done("Consultation accepted"))}
        onClose={() => setOpen(null)}
        describeFailure={errorMessage}
      />
      <ReasonDialog
        open={open === "decline"}
        kind="decline"
        title="Decline the request?"
        summary={`${who}, ${when}. The patient sees your reason.`}
        confirmLabel="Decline request"
        onConfirm={(reason) => calls.decline(c.id, reason).then(done("Request declined"))}
        onClose={() => setOpen(null)}
      />
      <ReasonDialog
        open={open === "cancel"}
        title="Cancel the consultation?"
        summary={`${who}, ${when}. This cannot be undone; the time becomes free for others.`}
        confirmLabel="Cancel consultation"
        onConfirm={(reason) => calls.cancel(c.id, reason).then(done("Consultation canceled"))}
        onClose={() => setOpen(null)}
      />
      {open === "reschedule" && (
        <RescheduleDialog
          consultation={c}
          timeZone={timeZone}
          onConfirm={(startAt) => calls.reschedule(c.id, startAt).then(done("Consultation rescheduled"))}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
