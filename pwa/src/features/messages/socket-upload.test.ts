import { describe, expect, it } from "vitest";
import { checkAttachment, CHUNK_BYTES, type Emit, uploadAttachment } from "./socket-upload.ts";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], "scan.png", { type: "image/png" });
};

/** A server as edge/docs/chat.md describes it: start, chunks in order, cancel. */
function fakeServer() {
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  let received = 0;
  let size = 0;
  const emit: Emit = (name, payload, ack) => {
    const p = payload as Record<string, unknown>;
    events.push({ name, payload: p });
    const reply = ack as (answer: unknown) => void;
    queueMicrotask(() => {
      if (name === "upload:attachment:cancel") return reply({ status: "success", result: { cancelled: true } });
      if (p.action === "start") {
        size = p.size as number;
        return reply({ status: "success", result: { uploadId: "u1" } });
      }
      received += (p.data as Uint8Array).byteLength;
      const done = received >= size;
      reply({
        status: "success",
        result: { received, size, done, file: done ? { id: "u1", name: "scan.png", size, contentType: "image/png", url: "/api/v1/messages/files/u1" } : undefined },
      });
    });
    return true;
  };
  return { emit, events };
}

describe("uploadAttachment", () => {
  it("sends 512 KB chunks in order with progress and resolves with the file", async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const file = await uploadAttachment(server.emit, png(CHUNK_BYTES * 2 + 10), { onProgress: (p) => progress.push(p) });
    expect(file.id).toBe("u1");
    expect(server.events.map((e) => e.payload.action)).toEqual(["start", "chunk", "chunk", "chunk"]);
    expect(server.events.slice(1).map((e) => e.payload.offset)).toEqual([0, CHUNK_BYTES, CHUNK_BYTES * 2]);
    expect(progress.at(-1)).toBe(1);
    expect(progress[0]).toBeCloseTo(CHUNK_BYTES / (CHUNK_BYTES * 2 + 10));
  });

  it("cancels on the server when aborted", async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const upload = uploadAttachment(server.emit, png(CHUNK_BYTES * 3), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(upload).rejects.toThrow("cancelled");
    expect(server.events.at(-1)).toEqual({ name: "upload:attachment:cancel", payload: { uploadId: "u1" } });
  });

  it("refuses at once without a connection", async () => {
    await expect(uploadAttachment(() => false, png(100))).rejects.toThrow("No connection");
  });
});

describe("checkAttachment", () => {
  it("reads the type from the content", async () => {
    expect(await checkAttachment(png(100))).toBeNull();
    expect(await checkAttachment(new File(["just text"], "notes.txt"))).toContain("Unsupported file type");
    // Named like an image, content recognised as nothing: damaged, not "unsupported" (issue 32).
    expect(await checkAttachment(new File(["just text"], "photo.png"))).toMatch(/^This PNG file is damaged/);
    expect(await checkAttachment(new File([], "empty.pdf"))).toBe("The file is empty");
  });
});
