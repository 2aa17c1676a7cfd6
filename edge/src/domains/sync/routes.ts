/**
 * Sync endpoints for every registered collection (HTTP only; the rules are in
 * service.ts and uploads.ts). The version in the path must be SYNC_VERSION:
 * any other answers 426 before anything is read or written.
 */
import type { Context, MiddlewareHandler } from "hono";
import { allow } from "../../access/policy.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { storedFileResponse } from "../../http/download.ts";
import { type CollectionName, isCollectionName } from "../../../../sync/collections/index.ts";
import { accessCheckSchema, parseContentRange, pullQuerySchema, pushRowsSchema, SYNC_VERSION } from "../../../../sync/protocol.ts";
import { accessRevokedSchema, pullResultSchema, pushResultSchema, uploadStatusSchema } from "../../../../sync/schemas/sync-answers.ts";
import { syncCollectionParamSchema, syncFileParamSchema } from "../../../../sync/schemas/sync-params.ts";
import type { SyncService } from "./service.ts";
import type { UploadService } from "./uploads.ts";

/**
 * The path's `v{n}` segment (routes match `v` and digits only): any version but the server's answers 426,
 * before the route's inputs are validated (an outdated client is told to update, not that its input is wrong).
 * Read here, not declared with `validate`, which can only answer 400.
 */
const currentVersion: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.param("version") !== `v${SYNC_VERSION}`) {
    throw new AppError(426, "Please update the app", { reason: "CLIENT_OUTDATED", serverVersion: SYNC_VERSION });
  }
  await next();
};

/** The collection of the path; a name that is not a sync collection answers 404. */
function collectionOf(c: Context<AppEnv>): CollectionName {
  const { collection } = valid(c, syncCollectionParamSchema);
  if (!isCollectionName(collection)) throw notFound("Unknown collection");
  return collection;
}

const fileId = (c: Context<AppEnv>) => valid(c, syncFileParamSchema).id;

export function syncRoutes(sync: SyncService, uploads: UploadService) {
  const r = createRouter();

  r.get("/sync/:version{v[0-9]+}/:collection/pull", allow.signedIn, answers(pullResultSchema), currentVersion, validate({ param: syncCollectionParamSchema, query: pullQuerySchema }), async (c) => {
    const name = collectionOf(c);
    return ok(c, await sync.pull(actorOf(c), name, valid(c, pullQuerySchema)));
  });

  r.post("/sync/:version{v[0-9]+}/access", allow.signedIn, answers(accessRevokedSchema), currentVersion, validate({ json: accessCheckSchema }), async (c) => {
    return ok(c, await sync.revoked(actorOf(c), valid(c, accessCheckSchema)));
  });

  r.post("/sync/:version{v[0-9]+}/:collection/push", allow.signedIn, answers(pushResultSchema), currentVersion, validate({ param: syncCollectionParamSchema, json: pushRowsSchema }), async (c) => {
    const name = collectionOf(c);
    // Declared as rows of documents with an id; the collection's own schema checks the rest (service.ts).
    return ok(c, await sync.push(actorOf(c), name, valid(c, pushRowsSchema)));
  });

  r.put("/sync/:version{v[0-9]+}/medical_files/:id/content", allow.signedIn, answers(uploadStatusSchema), currentVersion, validate({ param: syncFileParamSchema }), async (c) => {
    const id = fileId(c);
    const range = parseContentRange(c.req.header("content-range"));
    if (!range) {
      throw badRequest("Send the chunk's Content-Range: bytes start-end/total", { reason: "INVALID_CONTENT_RANGE" });
    }
    const data = new Uint8Array(await c.req.arrayBuffer());
    return ok(c, await uploads.append(actorOf(c), id, range, data));
  });

  r.get("/sync/:version{v[0-9]+}/medical_files/:id/content/status", allow.signedIn, answers(uploadStatusSchema), currentVersion, validate({ param: syncFileParamSchema }), async (c) => {
    return ok(c, await uploads.status(actorOf(c), fileId(c)));
  });

  r.get("/sync/:version{v[0-9]+}/medical_files/:id/content", allow.signedIn, answersFile("application/octet-stream"), currentVersion, validate({ param: syncFileParamSchema }), async (c) => {
    const { file, body } = await uploads.download(actorOf(c), fileId(c));
    return storedFileResponse(file, body);
  });

  return r.app;
}
