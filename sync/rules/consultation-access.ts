/**
 * The access state of `/consultation/{id}` (01 §4), as a pure function so the
 * PWA can count down to the window offline with the same rule as the server.
 */
import type { ConsultationAccess, ConsultationStatus } from "../schemas/consultation.ts";
import { LIVE_OVERTIME_MINUTES } from "../schemas/video.ts";

/** Parties may enter this many minutes before the start (and get the notice then, 01 §9). */
export const JOIN_EARLY_MINUTES = 15;

export type AccessInput = {
  status: ConsultationStatus;
  startAt: Date;
  endAt: Date;
  /** The caller is the patient or the doctor of the consultation. */
  isParty: boolean;
  /** A live session is in progress (set by the video issue); keeps it open past the slot. */
  live?: boolean;
};

export function consultationAccess(c: AccessInput, now: Date): ConsultationAccess {
  const opensAt = new Date(c.startAt.getTime() - JOIN_EARLY_MINUTES * 60_000);
  const window = { opensAt: opensAt.toISOString(), closesAt: c.endAt.toISOString() };
  const state = ((): ConsultationAccess["state"] => {
    if (!c.isParty) return "no_access";
    if (c.status === "finished") return "finished";
    if (c.status === "canceled" || c.status === "declined") return "canceled";
    if (c.status === "accepted" && c.live) return "open";
    if (now >= c.endAt) return "ended";
    if (c.status === "requested" || now < opensAt) return "not_started";
    return "open";
  })();
  return { state, ...window };
}

export const NOT_FOUND_ACCESS: ConsultationAccess = { state: "not_found", opensAt: null, closesAt: null };

/**
 * Live: its video room is open (created on the first join, destroyed when it finishes), and
 * at most LIVE_OVERTIME_MINUTES past the slot, so a visit that runs over is not cut off
 * while a forgotten one still ends.
 */
export const isLive = (roomOpen: boolean, endAt: Date, now: Date) =>
  roomOpen && now.getTime() < endAt.getTime() + LIVE_OVERTIME_MINUTES * 60_000;

/** A visit worth an encounter: one that happened or is about to (issue 32). The server refuses to document any other. */
export function isDocumentable(status: ConsultationStatus | string): boolean {
  return status === "accepted" || status === "finished";
}
