/**
 * Sync endpoints for every registered collection (HTTP only; the rules are in
 * service.ts and uploads.ts). The version in the path must be SYNC_VERSION:
 * any other answers 426 before anything is read or written.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse, valid, validate } from "../../http/validate.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { type CollectionName, isCollectionName } from "../../../../sync/collections/index.ts";
import { accessCheckSchema, docIdSchema, parseContentRange, pullQuerySchema, SYNC_VERSION } from "../../../../sync/protocol.ts";
import { accessRevokedSchema, pullResultSchema, pushResultSchema, uploadStatusSchema } from "../../../../sync/schemas/sync-answers.ts";
import type { SyncService } from "./service.ts";
import type { UploadService } from "./uploads.ts";

const fileParamSchema = z.object({ version: z.string(), id: docIdSchema });

/** The path's `v{n}` segment (routes match `v` and digits only). */
function assertVersion(version: string | undefined): void {
  if (version !== `v${SYNC_VERSION}`) {
    throw new AppError(426, "Please update the app", { reason: "CLIENT_OUTDATED", serverVersion: SYNC_VERSION });
  }
}

function collectionParam(params: { version?: string; collection?: string }): CollectionName {
  assertVersion(params.version);
  const name = params.collection ?? "";
  if (!isCollectionName(name)) throw notFound("Unknown collection");
  return name;
}

function fileParam(params: Record<string, string>): string {
  assertVersion(params.version);
  return parse(fileParamSchema, params).id;
}

export function syncRoutes(sync: SyncService, uploads: UploadService) {
  const r = createRouter();

  r.get("/sync/:version{v[0-9]+}/:collection/pull", allow.signedIn, answers(pullResultSchema), validate({ query: pullQuerySchema }), async (c) => {
    const name = collectionParam(c.req.param());
    return ok(c, await sync.pull(actorOf(c), name, valid(c, pullQuerySchema)));
  });

  r.post("/sync/:version{v[0-9]+}/access", allow.signedIn, answers(accessRevokedSchema), validate({ json: accessCheckSchema }), async (c) => {
    assertVersion(c.req.param("version"));
    return ok(c, await sync.revoked(actorOf(c), valid(c, accessCheckSchema)));
  });

  r.post("/sync/:version{v[0-9]+}/:collection/push", allow.signedIn, answers(pushResultSchema), async (c) => {
    const name = collectionParam(c.req.param());
    return ok(c, await sync.push(actorOf(c), name, await jsonBody(c)));
  });

  r.put("/sync/:version{v[0-9]+}/medical_files/:id/content", allow.signedIn, answers(uploadStatusSchema), async (c) => {
    const id = fileParam(c.req.param());
    const range = parseContentRange(c.req.header("content-range"));
    if (!range) {
      throw badRequest("Send the chunk's Content-Range: bytes start-end/total", { reason: "INVALID_CONTENT_RANGE" });
    }
    const data = new Uint8Array(await c.req.arrayBuffer());
    return ok(c, await uploads.append(actorOf(c), id, range, data));
  });

  r.get("/sync/:version{v[0-9]+}/medical_files/:id/content/status", allow.signedIn, answers(uploadStatusSchema), async (c) => {
    return ok(c, await uploads.status(actorOf(c), fileParam(c.req.param())));
  });

  r.get("/sync/:version{v[0-9]+}/medical_files/:id/content", allow.signedIn, answersFile("application/octet-stream"), async (c) => {
    const { file, body } = await uploads.download(actorOf(c), fileParam(c.req.param()));
    return new Response(body, {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  });

  return r.app;
}
