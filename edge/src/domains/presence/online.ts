/**
 * Who is online, as a condition other domains put in their own queries (the chat's people lists show it): a
 * user with a socket on a live edge process. The presence tables and their changes stay in ./repo.ts.
 */
import type { Fragment, Queryable } from "../../db/connect.ts";

/** SQL: the user id `user` (a column or a value) has a socket on a live process. */
export function onlineSql(q: Queryable, user: Fragment): Fragment {
  return q`exists (select 1 from presence pr join presence_processes pp on pp.id = pr.process_id
    where pr.user_id = ${user} and pp.expires_at > now())`;
}
