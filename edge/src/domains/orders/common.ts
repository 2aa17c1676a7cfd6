/** What the order services share: stored files, live events, row mapping helpers. */
import type { Deps } from "../../deps.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { checkFile, type FilePurpose } from "../../../../sync/files.ts";
import type { OrderFile, OrderKind } from "../../../../sync/schemas/orders.ts";
import type { ChartAudit } from "../chart/audit.ts";
import type { PlanKindOf } from "./plan-limits.ts";

export const ORDER_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const ORDER_FILES_MAX = 10;

export type OrdersDeps = Pick<Deps, "sql" | "clock" | "blobs" | "events" | "erx" | "log"> & { audit: ChartAudit; planKindOf: PlanKindOf };

/** Checks every file from its content before storing any (02 §5; imaging adds rar, 7z, zip, gzip). */
export async function storeFiles(deps: Pick<Deps, "blobs" | "clock">, ownerId: string, files: File[], purpose: FilePurpose, already: number) {
  if (!files.length) throw badRequest("Choose at least one file", { reason: "VALIDATION_FAILED", fields: { files: "Choose at least one file" } });
  if (files.length + already > ORDER_FILES_MAX) throw badRequest(`At most ${ORDER_FILES_MAX} files`, { reason: "TOO_MANY_FILES" });
  const checked = [];
  for (const f of files) {
    const head = new Uint8Array(await f.slice(0, 4096).arrayBuffer());
    const check = checkFile(head, f.size, purpose, ORDER_FILE_MAX_BYTES, f.name);
    if (!check.ok) throw new AppError(422, check.message, { reason: "FILE_REJECTED", file: f.name.slice(0, 255) });
    checked.push({ f, contentType: check.contentType });
  }
  const out: OrderFile[] = [];
  for (const { f, contentType } of checked) {
    const id = await deps.blobs.put({ ownerId, kind: `order.${purpose}`, contentType, data: new Uint8Array(await f.arrayBuffer()) });
    out.push({ id, name: f.name.replaceAll("\u0000", "").slice(0, 255) || "file", size: f.size, contentType, uploadedAt: deps.clock.now().toISOString() });
  }
  return out;
}

/**
 * Live: `orders:changed` to the patient's care team and, when `patientToo`, the
 * patient — ids and kinds only, no health data; open screens refetch (edge/docs/orders.md).
 */
export async function notifyOrderChange(
  deps: Pick<Deps, "sql" | "events">,
  patientId: string,
  change: { kind: OrderKind; id: string; encounterId: string },
  patientToo: boolean,
) {
  const rows = await deps.sql<{ id: string }[]>`
    select u.id from users u, users p where p.id = ${patientId}
      and (u.id = p.doctor_id or (u.role = 'vma' and u.doctor_id = p.doctor_id))`;
  const users = rows.map((r) => r.id);
  if (patientToo) users.push(patientId);
  await deps.events.toUsers(users, "orders:changed", { patientId, ...change });
}

export const iso = (d: Date | null) => d ? d.toISOString() : null;
