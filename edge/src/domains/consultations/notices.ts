/**
 * The 15-minute notice (01 §9): when an accepted consultation is at most 15
 * minutes from its start (and its slot has not ended), both parties get a site
 * notification. One SQL statement claims the notice in `consultation_notices`
 * (insert … on conflict do nothing on its key: consultation, kind, start) and
 * writes the notifications only for the claims it made. A concurrent claim of
 * the same key waits for the first and then does nothing, so two edge processes
 * or a restarted one never send twice; a rescheduled consultation has a new
 * start, so it is noticed again for it. A party who turned the kind off for
 * the site (notification settings) gets no row. Works the same on PGlite.
 */
import type { Sql } from "../../db/connect.ts";
import type { Clock } from "../../platform/clock.ts";
import { CONSULTATION_NOTICE_MINUTES } from "../../../../sync/constants.ts";
import type { SiteNotificationKind } from "../../../../sync/schemas/site-notification.ts";

export const STARTS_SOON: SiteNotificationKind = "consultation.startsSoon";
/** Consultations noticed per run at most; the next run takes the rest. */
const BATCH = 500;

export function createConsultationNotices(deps: { sql: Sql; clock: Clock }) {
  const { sql, clock } = deps;

  /** Sends the notices now due; returns how many consultations were noticed. */
  return async function sendDue(): Promise<number> {
    const now = clock.now();
    const horizon = new Date(now.getTime() + CONSULTATION_NOTICE_MINUTES * 60_000);
    const rows = await sql<{ consultation_id: string }[]>`
      with due as (
        select c.id, c.start_at from consultations c
        where c.status = 'accepted' and c.start_at <= ${horizon} and c.end_at > ${now}
          and not exists (select 1 from consultation_notices n
            where n.consultation_id = c.id and n.kind = ${STARTS_SOON} and n.start_at = c.start_at)
        -- One order for every process, so concurrent claims wait on each other instead of deadlocking.
        order by c.start_at, c.id limit ${BATCH}
      ), claimed as (
        insert into consultation_notices (consultation_id, kind, start_at, sent_at)
        select id, ${STARTS_SOON}, start_at, ${now} from due
        on conflict do nothing
        returning consultation_id
      ), sent as (
        -- A data-modifying WITH always runs to completion, read or not.
        insert into site_notifications (user_id, kind, payload, created_at)
        select r.user_id, ${STARTS_SOON}, jsonb_build_object(
            'consultationId', c.id, 'type', c.type,
            'startAt', to_char(c.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'endAt', to_char(c.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'withUser', jsonb_build_object('id', o.id, 'firstName', o.first_name, 'lastName', o.last_name)),
          ${now}
        from claimed k
        join consultations c on c.id = k.consultation_id
        cross join lateral (values (c.patient_id, c.doctor_id), (c.doctor_id, c.patient_id)) as r(user_id, other_id)
        join users o on o.id = r.other_id
        left join notification_settings s on s.user_id = r.user_id
        -- Someone who turned this kind off for the site gets no row (on by default: sync/schemas/notifications.ts).
        where (s.settings -> ${STARTS_SOON} ->> 'site') is distinct from 'false'
      )
      select consultation_id from claimed`;
    return rows.length;
  };
}
