/**
 * A row leaves a device when access ends (issue 31: a patient moved to another practice, a chat left): at every
 * connection of the live channel the device asks the server which of the scopes it holds rows of its user may no
 * longer read (`POST /sync/v{n}/access`: the panel's patients and the patient's own record, the chats, the
 * practice). When any is, the caller drops the device's copy and pulls again (only what may be read comes back);
 * a VMA detached from their doctor is signed out instead (their sessions end).
 */
import type { ApiClient } from "../../../lib/api/index.ts";
import type { DpcDatabase } from "./database.ts";
import { syncVersion } from "./sync-api.ts";

/** The scope values the device holds rows of (ids only: the plain fields, nothing unsealed is needed). */
export async function heldScopes(db: DpcDatabase, user: { id: string; role: string }) {
  const [patients, chats, members] = await Promise.all([
    db.patients.find().exec(), db.chats.find().exec(), db.practice_members.find().exec(),
  ]);
  // A patient's own record is held too (their chart entries and files).
  return {
    patients: [...new Set([...patients.map((d) => d.id), ...(user.role === "patient" ? [user.id] : [])])],
    chats: chats.map((d) => d.id),
    practices: [...new Set(members.map((d) => d.practiceId as string))],
  };
}

/** Whether the device holds rows its user may no longer read. */
export async function accessLost(db: DpcDatabase, api: ApiClient, user: { id: string; role: string }): Promise<boolean> {
  const held = await heldScopes(db, user);
  const revoked = await api.POST("/sync/{version}/access", { path: { version: syncVersion }, body: held });
  return revoked.patients.length + revoked.chats.length + revoked.practices.length > 0;
}
