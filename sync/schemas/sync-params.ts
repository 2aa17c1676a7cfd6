/**
 * Path parameters of the sync routes (`/sync/v{n}/...`, sync/protocol.ts). The version segment is not here:
 * the route's pattern admits `v` and digits, and any version but the server's answers 426, not 400.
 */
import { z } from "zod";
import { docIdSchema } from "../protocol.ts";

/** Any name: one that is not a sync collection answers 404 (the route), as an unknown path does. */
export const syncCollectionParamSchema = z.object({ collection: z.string() });

/** A medical file's id, as its document's id (lower-case uuid). */
export const syncFileParamSchema = z.object({ id: docIdSchema });
