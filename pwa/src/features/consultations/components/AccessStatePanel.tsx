import type { AccessState, ConsultationStatus } from "../../../../../sync/schemas/consultation.ts";
import { Button } from "../../../ui/index.ts";
import { formatCountdown, formatDateTime, JOIN_EARLY_MINUTES } from "../lib/time-format.ts";

export type AccessStatePanelProps = {
  state: AccessState;
  status: ConsultationStatus | null;
  /** When the room opens (15 minutes before the start). */
  opensAt: string | null;
  now: Date;
  timeZone: string;
  /** The viewer answers requests (the doctor or their VMA). */
  answersRequests?: boolean;
  /** Enters the video room; without it (not a video visit, offline) "Join" stays off while open. */
  onJoin?: () => void;
  /** Why there is no onJoin while open. */
  joinUnavailable?: string;
};

type Wording = { title: string; text: string; tone: "info" | "warning" | "success" };

export function accessWording({ state, status, opensAt, now, timeZone, answersRequests }: AccessStatePanelProps): Wording {
  switch (state) {
    case "not_started":
      if (status === "requested") {
        return answersRequests
          ? { title: "Waiting for your answer", text: "Accept this request, decline it or offer another time.", tone: "info" }
          : { title: "Waiting for the doctor", text: "The doctor has not accepted this request yet.", tone: "info" };
      }
      return {
        title: "Not started yet",
        text: opensAt
          ? `You can join ${JOIN_EARLY_MINUTES} minutes before the start: ${formatCountdown(new Date(opensAt).getTime() - now.getTime())} (${
            formatDateTime(opensAt, timeZone)
          }).`
          : `You can join ${JOIN_EARLY_MINUTES} minutes before the start.`,
        tone: "info",
      };
    case "open":
      return { title: "Open now", text: "The consultation can be joined now.", tone: "success" };
    case "ended":
      return { title: "Ended", text: "The time of this consultation has passed.", tone: "warning" };
    case "finished":
      return { title: "Finished", text: "This consultation is finished.", tone: "info" };
    case "canceled":
      return {
        title: status === "declined" ? "Declined" : "Canceled",
        text: status === "declined" ? "The doctor declined this request." : "This consultation was canceled.",
        tone: "warning",
      };
    case "no_access":
      return {
        title: "View only",
        text: "Only the patient and the doctor join a consultation; you can see its details.",
        tone: "info",
      };
    case "not_found":
      return { title: "Not found", text: "This consultation does not exist, or you may not see it.", tone: "warning" };
  }
}

/** Why "Join" is off: not a video visit (or offline), or the access state does not allow it yet. */
export function joinBlockedReason(state: AccessState, joinUnavailable = "Video is not available for this consultation."): string {
  if (state === "open") return joinUnavailable;
  if (state === "not_started") return `Joining opens ${JOIN_EARLY_MINUTES} minutes before the start.`;
  if (state === "no_access") return "Only the patient and the doctor can join.";
  return "This consultation can no longer be joined.";
}

/** The access state of `/consultation/{id}` (01 §4) and a "Join" that says why it is off. */
export function AccessStatePanel(props: AccessStatePanelProps) {
  const wording = accessWording(props);
  const tone = wording.tone === "info" ? "notice" : `notice notice--${wording.tone}`;
  return (
    <section className={`${tone} stack access-panel`} aria-labelledby="access-title" aria-live="polite">
      <h2 id="access-title" className="access-panel__title">{wording.title}</h2>
      <p>{wording.text}</p>
      {props.state === "open" && props.onJoin && (
        <div className="row">
          <Button onClick={props.onJoin}>Join</Button>
          <span className="muted">Your camera and microphone will be asked for.</span>
        </div>
      )}
      {props.state !== "not_found" && !(props.state === "open" && props.onJoin) && (
        <div className="row">
          <Button disabled aria-describedby="join-blocked">Join</Button>
          <span id="join-blocked" className="muted">{joinBlockedReason(props.state, props.joinUnavailable)}</span>
        </div>
      )}
    </section>
  );
}
