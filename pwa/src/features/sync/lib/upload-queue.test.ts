import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseContentRange, syncPaths } from "../../../../../sync/protocol.ts";
import { createFetchStub, failure, makeDeps, storedTokens, success } from "../../../test/helpers.tsx";
import { type BlobStore, createBlobStore } from "./blob-store.ts";
import { createDataKey } from "./key-vault.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { classifyUploadError, createUploadQueue, type UploadQueueDeps } from "./upload-queue.ts";
import { createUploadTransport } from "./upload-transport.ts";
import { ApiError } from "../../../lib/api/api-error.ts";

const KB = 1024;
const stores: BlobStore[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));

// Small pieces and chunks keep fake IndexedDB fast; the logic is the same at 1 MB.
const PIECE = 64 * KB;

async function freshStore(idb = { indexedDB: new IDBFactory(), IDBKeyRange }) {
  const keys = await deriveLocalKeys(createDataKey());
  const store = createBlobStore({ userId: crypto.randomUUID(), key: keys.bytes, idb, pieceBytes: PIECE });
  stores.push(store);
  return store;
}

function randomBytes(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
  return bytes;
}

/**
 * The edge's upload endpoints, in memory: 404 until the metadata is "pushed",
 * offsets checked like the server, and a connection that drops once after the
 * chosen chunk reached the server (the answer is lost).
 */
function fakeServer(options: { fileId: string; size: number; unknownFor?: number; dropAfterChunk?: number }) {
  const received: Uint8Array[] = [];
  let offset = 0;
  let statusCalls = 0;
  let puts = 0;
  let dropped = false;
  const status = () => ({ offset, size: options.size, status: offset === options.size ? "uploaded" : "pending" });
  const stub = createFetchStub({
    [`GET ${syncPaths.contentStatus(options.fileId)}`]: () => {
      statusCalls += 1;
      return statusCalls <= (options.unknownFor ?? 0) ? failure(404, "File not found") : success(status());
    },
    [`PUT ${syncPaths.content(options.fileId)}`]: () => failure(500, "unused"),
  });
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), "http://localhost");
    if (init.method !== "PUT") return stub.fetch(input, init);
    puts += 1;
    const range = parseContentRange(new Headers(init.headers).get("Content-Range"))!;
    const chunk = new Uint8Array(init.body as Uint8Array);
    expect(url.pathname).toBe(`/api/v1${syncPaths.content(options.fileId)}`);
    expect(chunk.length).toBe(range.end - range.start + 1);
    expect(chunk.length).toBeLessThanOrEqual(PIECE);
    if (range.start !== offset && range.end >= offset) {
      return Promise.resolve(failure(409, "Resume the upload from the offset the server has", { reason: "UPLOAD_OFFSET_MISMATCH", offset }));
    }
    if (range.start === offset) {
      received.push(chunk);
      offset = range.end + 1;
    }
    if (!dropped && puts === options.dropAfterChunk) {
      dropped = true;
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    return Promise.resolve(success(status()));
  };
  const bytes = () => {
    const out = new Uint8Array(offset);
    let at = 0;
    for (const chunk of received) (out.set(chunk, at), (at += chunk.length));
    return out;
  };
  return { fetch: fetch as typeof globalThis.fetch, bytes, puts: () => puts, statusCalls: () => statusCalls };
}

function queueDeps(store: BlobStore, fetch: typeof globalThis.fetch, over: Partial<UploadQueueDeps> = {}): UploadQueueDeps {
  const { api } = makeDeps({ fetch, storage: storedTokens(), accessToken: "access-token-1" });
  return {
    store,
    chunkSize: PIECE,
    transport: createUploadTransport(api),
    isWanted: () => Promise.resolve(true),
    isOnline: () => true,
    delay: () => Promise.resolve(),
    ...over,
  };
}

async function settled(queue: ReturnType<typeof createUploadQueue>, fileId: string) {
  await vi.waitFor(() => {
    const state = queue.progress().get(fileId)?.state;
    expect(state === "done" || state === "error" || state === "cancelled").toBe(true);
  }, { timeout: 5000 });
  return queue.progress().get(fileId)!;
}

describe("upload queue", () => {
  it("waits for the metadata, sends chunks of at most the chunk size and resumes from the server's offset after a dropped connection", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = await freshStore();
    const fileId = crypto.randomUUID();
    const bytes = randomBytes(2 * PIECE + 300);
    await store.putFile(fileId, bytes);
    const server = fakeServer({ fileId, size: bytes.length, unknownFor: 2, dropAfterChunk: 2 });
    const queue = createUploadQueue(queueDeps(store, server.fetch));
    await queue.start();
    await queue.enqueue(fileId, bytes.length);
    expect(await settled(queue, fileId)).toMatchObject({ state: "done", progress: 1 });
    expect(server.bytes()).toEqual(bytes);
    // 3 chunks; the second answer was lost, so the status was asked again and nothing was sent twice.
    expect(server.puts()).toBe(3);
    expect(server.statusCalls()).toBe(2 + 2);
    expect(await store.uploads.get(fileId)).toBeUndefined();
    expect(queue.pendingCount()).toBe(0);
  });

  it("a kick that comes while the status request is on its way ends the wait after its 404 (the push answered meanwhile)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = await freshStore();
    const fileId = crypto.randomUUID();
    const bytes = randomBytes(300);
    await store.putFile(fileId, bytes);
    const server = fakeServer({ fileId, size: bytes.length, unknownFor: 1 });
    let queue: ReturnType<typeof createUploadQueue> | null = null;
    // The metadata's push is answered (and kicks the queue) while the first status request is on its way.
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const answer = server.fetch(input, init);
      if (server.statusCalls() === 1 && init?.method !== "PUT") queue!.kick();
      return answer;
    }) as typeof globalThis.fetch;
    const waits: number[] = [];
    // A wait that only a kick can end: before the fix, the kick above was lost and the upload hung here.
    queue = createUploadQueue(queueDeps(store, fetch, {
      delay: (ms, wake) => (waits.push(ms), wake),
    }));
    await queue.start();
    await queue.enqueue(fileId, bytes.length);
    expect(await settled(queue, fileId)).toMatchObject({ state: "done", progress: 1 });
    expect(server.statusCalls()).toBe(2);
    expect(waits).toEqual([]);
  });

  it("a kick skips one wait, and only a 404's or a lost network's: a 5xx's back-off is kept", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = await freshStore();
    const fileId = crypto.randomUUID();
    const bytes = randomBytes(300);
    await store.putFile(fileId, bytes);
    const server = fakeServer({ fileId, size: bytes.length, unknownFor: 2 });
    let queue: ReturnType<typeof createUploadQueue> | null = null;
    let statusRequests = 0;
    // Every status request is met by a kick while it is on its way: the first two get 404, the third a 503.
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "PUT") return server.fetch(input, init);
      statusRequests += 1;
      queue!.kick();
      return statusRequests === 3 ? Promise.resolve(failure(503, "Try again later")) : server.fetch(input, init);
    }) as typeof globalThis.fetch;
    const waits: number[] = [];
    queue = createUploadQueue(queueDeps(store, fetch, {
      retryDelaysMs: [1_000, 2_000, 5_000],
      delay: (ms) => (waits.push(ms), Promise.resolve()),
    }));
    await queue.start();
    await queue.enqueue(fileId, bytes.length);
    expect(await settled(queue, fileId)).toMatchObject({ state: "done", progress: 1 });
    expect(statusRequests).toBe(4);
    // The two 404s were not waited (a kick came each time); the 503 was, with the third back-off.
    expect(waits).toEqual([5_000]);
  });

  it("survives a reload: a new queue on the same database resumes where the server stopped", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const dataKey = createDataKey();
    const userId = crypto.randomUUID();
    const keys = await deriveLocalKeys(dataKey);
    const first = createBlobStore({ userId, key: keys.bytes, idb, pieceBytes: PIECE });
    const fileId = crypto.randomUUID();
    const bytes = randomBytes(PIECE + 10);
    await first.putFile(fileId, bytes);
    const server = fakeServer({ fileId, size: bytes.length });
    // The first page goes offline after enqueueing: nothing is sent.
    const offline = createUploadQueue(queueDeps(first, server.fetch, { isOnline: () => false, delay: () => new Promise(() => {}) }));
    await offline.start();
    await offline.enqueue(fileId, bytes.length);
    offline.stop();
    first.close();

    const second = createBlobStore({ userId, key: (await deriveLocalKeys(dataKey)).bytes, idb, pieceBytes: PIECE });
    stores.push(second);
    const queue = createUploadQueue(queueDeps(second, server.fetch));
    await queue.start();
    expect(await settled(queue, fileId)).toMatchObject({ state: "done" });
    expect(server.bytes()).toEqual(bytes);
  });

  it("runs at most 10 files at once", async () => {
    const store = await freshStore();
    let inFlight = 0;
    let most = 0;
    let held = true;
    const release: (() => void)[] = [];
    const transport = {
      status: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (held) await new Promise<void>((resolve) => release.push(resolve));
        inFlight -= 1;
        return { offset: 1, size: 1, status: "uploaded" as const };
      },
      put: () => Promise.reject(new Error("unused")),
      download: () => Promise.reject(new Error("unused")),
    };
    const queue = createUploadQueue({ ...queueDeps(store, createFetchStub().fetch), transport });
    await queue.start();
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    for (const id of ids) await queue.enqueue(id, 1);
    await vi.waitFor(() => expect(release.length).toBe(10));
    expect(queue.activeCount()).toBe(10);
    held = false;
    while (release.length) release.shift()!();
    await vi.waitFor(() => expect(ids.every((id) => queue.progress().get(id)?.state === "done")).toBe(true));
    expect(most).toBe(10);
  });

  it("cancels a file whose metadata is gone and drops its bytes", async () => {
    const store = await freshStore();
    const fileId = crypto.randomUUID();
    await store.putFile(fileId, new Uint8Array([1, 2, 3]));
    const queue = createUploadQueue(queueDeps(store, createFetchStub().fetch, { isWanted: () => Promise.resolve(false) }));
    await queue.start();
    await queue.enqueue(fileId, 3);
    expect(await settled(queue, fileId)).toMatchObject({ state: "cancelled" });
    expect(await store.hasFile(fileId)).toBe(false);
  });

  it("classifies answers: wait on 404/5xx/offline/429, resume at once on an offset mismatch, stop on a refusal", () => {
    expect(classifyUploadError(new ApiError({ message: "x", code: 0 }))).toEqual({ retry: "later" });
    expect(classifyUploadError(new ApiError({ message: "x", code: 404 }))).toEqual({ retry: "later" });
    expect(classifyUploadError(new ApiError({ message: "x", code: 429, details: { retryAfterSeconds: 30 } }))).toEqual({ retry: "later", afterMs: 30_000 });
    expect(classifyUploadError(new ApiError({ message: "x", code: 409, details: { reason: "UPLOAD_OFFSET_MISMATCH" } }))).toEqual({ retry: "now" });
    expect(classifyUploadError(new ApiError({ message: "Only the uploader", code: 403 }))).toEqual({ retry: "never", message: "Only the uploader" });
  });

  it("does not send from a tab that has not started it (another tab replicates), but shows the queue", async () => {
    const store = await freshStore();
    const fileId = crypto.randomUUID();
    await store.putFile(fileId, new Uint8Array([1, 2, 3]));
    const server = fakeServer({ fileId, size: 3 });
    const follower = createUploadQueue(queueDeps(store, server.fetch));
    await follower.enqueue(fileId, 3);
    follower.syncRows(await store.uploads.list());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.puts()).toBe(0);
    expect(follower.progress().get(fileId)?.state).toBe("queued");
    follower.syncRows([]);
    expect(follower.progress().get(fileId)?.state).toBe("done");
  });
});

describe("blob store", () => {
  it("keeps bytes encrypted and reads any range across pieces", async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const store = await freshStore(idb);
    const fileId = crypto.randomUUID();
    const bytes = randomBytes(PIECE + 5);
    await store.putFile(fileId, bytes);
    expect(await store.readRange(fileId, PIECE - 3, PIECE + 2)).toEqual(bytes.subarray(PIECE - 3, PIECE + 2));
    expect(await store.readFile(fileId)).toEqual(bytes);

    await store.deleteFile(fileId);
    expect(await store.readFile(fileId)).toBeNull();
  });
});
