/**
 * Who may see what in administration — decided here, once.
 *
 * - Admin screens (applications, admins, reviews moderation, dashboard,
 *   analytics, agreements management) are guarded by role at the route
 *   (`allow.roles("admin")`, admin management `allow.superAdmin`), and their
 *   payloads never carry clinical content (no medical card, chart, note,
 *   intake answers, consultation reasons or message text).
 * - Reports (`/reports`, any signed-in user per 01 §2): an admin reports on
 *   every patient; a doctor on the patients of their own panel; a VMA on the
 *   panel of the doctor they work for; a patient on nothing (their purchases
 *   are on /orders) — 403. Reports carry demographics and commerce only.
 */
import type { Actor } from "../../access/actor.ts";
import { forbidden } from "../../http/errors.ts";

export type ReportScope = { kind: "all" } | { kind: "panel"; doctorId: string };

export function reportScope(actor: Actor): ReportScope {
  if (actor.role === "admin") return { kind: "all" };
  if (actor.role === "doctor" && actor.fullAccess) return { kind: "panel", doctorId: actor.userId };
  if (actor.role === "vma" && actor.fullAccess && actor.doctorId) return { kind: "panel", doctorId: actor.doctorId };
  throw forbidden("Reports are for doctors, assistants and admins", "NO_REPORTS");
}
