/**
 * One shape for a consultation on screen, whether it came from the API or from
 * the device's replicated copy (offline), and the rules the list applies to it:
 * the tabs (the same filters and order as `GET /consultations?tab=`), who may
 * do what, and the 15-minute notice.
 */
import type { ConsultationDoc } from "../../../../../sync/collections/consultations.ts";
import { consultationAccess, JOIN_EARLY_MINUTES } from "../../../../../sync/rules/consultation-access.ts";
import type {
  Consultation,
  ConsultationAccess,
  ConsultationStatus,
  ConsultationTab,
  ConsultationType,
} from "../../../../../sync/schemas/consultation.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import type { CalendarItem } from "../../../../../sync/schemas/calendar.ts";

/** A calendar item (parties, kind, status, times) with the reasons and the access state. */
export type ConsultationView =
  & CalendarItem
  & Pick<Consultation, "reason" | "outOfStateReason" | "declineReason" | "cancelReason">
  & { access: ConsultationAccess };

export const TAB_LABELS: Record<ConsultationTab, string> = {
  all: "All",
  requests: "Requests",
  upcoming: "Upcoming",
  past: "Past",
};

export const TYPE_LABELS: Record<ConsultationType, string> = {
  video: "Video",
  chat: "Text chat",
  async: "Asynchronous",
};

export const STATUS_LABELS: Record<ConsultationStatus, string> = {
  requested: "Requested",
  accepted: "Accepted",
  declined: "Declined",
  canceled: "Canceled",
  finished: "Finished",
};

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export function fromApi(c: Consultation): ConsultationView {
  return {
    id: c.id,
    doctorId: c.doctorId,
    patientId: c.patientId,
    doctorName: fullName(c.doctor),
    patientName: fullName(c.patient),
    type: c.type,
    status: c.status,
    startAt: c.startAt,
    endAt: c.endAt,
    reason: c.reason,
    outOfStateReason: c.outOfStateReason,
    declineReason: c.declineReason,
    cancelReason: c.cancelReason,
    access: c.access,
  };
}

/** The device copy, with the access state worked out by the server's own rule. */
export function fromDevice(d: ConsultationDoc, userId: string, now: Date): ConsultationView {
  const access = consultationAccess({
    status: d.status,
    startAt: new Date(d.startAt),
    endAt: new Date(d.endAt),
    isParty: userId === d.doctorId || userId === d.patientId,
  }, now);
  return {
    id: d.id,
    doctorId: d.doctorId,
    patientId: d.patientId,
    doctorName: d.doctorName,
    patientName: d.patientName,
    type: d.type,
    status: d.status,
    startAt: d.startAt,
    endAt: d.endAt,
    reason: d.reason,
    outOfStateReason: d.outOfStateReason,
    declineReason: d.declineReason,
    cancelReason: d.cancelReason,
    access,
  };
}

type Timed = Pick<ConsultationView, "id" | "status" | "startAt" | "endAt">;
const ended = (c: Timed, now: Date) => new Date(c.endAt).getTime() <= now.getTime();

/** `GET /consultations?tab=`'s filter, for the device copy. */
export function inTab(c: Timed, tab: ConsultationTab, now: Date): boolean {
  switch (tab) {
    case "all":
      return true;
    case "requests":
      return c.status === "requested" && !ended(c, now);
    case "upcoming":
      return c.status === "accepted" && !ended(c, now);
    case "past":
      return c.status === "finished" || c.status === "canceled" || c.status === "declined" || ended(c, now);
  }
}

/** The tab's rows in the API's order: requests and upcoming soonest first, the others latest first. */
export function filterTab<T extends Timed>(list: readonly T[], tab: ConsultationTab, now: Date): T[] {
  const soonestFirst = tab === "requests" || tab === "upcoming";
  return list.filter((c) => inTab(c, tab, now)).sort((a, b) => {
    const byStart = a.startAt.localeCompare(b.startAt);
    return (soonestFirst ? byStart : -byStart) || (a.id < b.id ? -1 : 1);
  });
}

export type Viewer = Pick<AuthUser, "id" | "role" | "fullAccess"> & { doctor: { id: string } | null };

export type ConsultationActions = { accept: boolean; decline: boolean; reschedule: boolean; cancel: boolean };

/** The doctor, or an approved VMA of theirs (accept, decline, reschedule). */
export function actsForDoctor(viewer: Viewer, c: Pick<ConsultationView, "doctorId">): boolean {
  if (viewer.role === "doctor") return viewer.id === c.doctorId;
  if (viewer.role === "vma") return viewer.fullAccess && viewer.doctor?.id === c.doctorId;
  return false;
}

/** What the viewer may do now: the server's rules, so the screen offers only what it would accept. */
export function actionsFor(viewer: Viewer, c: ConsultationView, now: Date): ConsultationActions {
  const open = !ended(c, now);
  const forDoctor = actsForDoctor(viewer, c);
  const party = viewer.id === c.patientId || viewer.id === c.doctorId;
  const active = c.status === "requested" || c.status === "accepted";
  return {
    accept: forDoctor && c.status === "requested" && open,
    decline: forDoctor && c.status === "requested",
    reschedule: forDoctor && active && open,
    cancel: (party || forDoctor || viewer.role === "admin") && active && open,
  };
}

/**
 * 01 §9: from 15 minutes before an accepted consultation until its end, the
 * list says so; `minutes` until the start (0 once it has begun).
 */
export function upcomingNotice(c: Timed, now: Date): { minutes: number; started: boolean } | null {
  if (c.status !== "accepted" || ended(c, now)) return null;
  const untilStart = new Date(c.startAt).getTime() - now.getTime();
  if (untilStart > JOIN_EARLY_MINUTES * 60_000) return null;
  return { minutes: Math.max(0, Math.ceil(untilStart / 60_000)), started: untilStart <= 0 };
}

/** Who the viewer is meeting: the patient sees the doctor, the doctor the patient, others both. */
export function counterpart(viewer: Pick<Viewer, "id">, c: Pick<ConsultationView, "doctorId" | "patientId" | "doctorName" | "patientName">): string {
  if (viewer.id === c.patientId) return `Dr. ${c.doctorName}`;
  if (viewer.id === c.doctorId) return c.patientName;
  return `${c.patientName} with Dr. ${c.doctorName}`;
}
