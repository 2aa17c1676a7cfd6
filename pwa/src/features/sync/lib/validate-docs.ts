/** Documents from the server (pull pages, push answers, live events) are validated, never cast. */
import { z } from "zod";
import type { AnyCollection } from "../../../../../sync/collections/index.ts";
import { type Checkpoint, docIdSchema, updatedAtSchema } from "../../../../../sync/protocol.ts";

export const checkpointSchema: z.ZodType<Checkpoint> = z.object({ updatedAt: updatedAtSchema, id: docIdSchema });

export const pageSchema = z.object({ documents: z.array(z.unknown()), checkpoint: checkpointSchema.nullable(), more: z.boolean().optional() });
export const liveChangeSchema = z.object({ documents: z.array(z.unknown()).min(1), checkpoint: checkpointSchema });

type Doc = ReturnType<AnyCollection["schema"]["parse"]>;

/** The valid documents; an invalid one is reported and skipped rather than stored. */
export function validDocuments(collection: AnyCollection, documents: unknown[]): Doc[] {
  const valid: Doc[] = [];
  for (const document of documents) {
    const parsed = collection.schema.safeParse(document);
    if (parsed.success) valid.push(parsed.data);
    else console.error(`Sync: skipped an invalid ${collection.name} document`, parsed.error.issues.slice(0, 3));
  }
  return valid;
}
