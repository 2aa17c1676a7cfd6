/** Chat attachments over the socket: chunks in order with progress, the type from the content, cancel, limits. */
import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { startLiveServer } from "../test/live-server.ts";
import { create, createPractice, newMessage, push } from "../test/sync-fixtures.ts";
import { pdfFile, startChat } from "../test/chat-fixtures.ts";
import type { RecordingSocket } from "../test/socket-client.ts";

const upload = (s: RecordingSocket, payload: unknown) => s.socket.timeout(3000).emitWithAck("upload:attachment", payload);

apiTest("chat uploads over the socket", async (t, ctx) => {
  const live = await startLiveServer(ctx);
  try {
    const { doctor, patient } = await createPractice(ctx);
    const chatId = await startChat(ctx, patient, doctor);
    const socket = await live.connect(patient.token);
    const bytes = new Uint8Array(await pdfFile("scan.pdf", 700_000).arrayBuffer());

    let uploadId = "";
    await t.step("start, two chunks: progress, then uploaded with the file's type from its content", async () => {
      const started = await upload(socket, { action: "start", name: "scan.pdf", size: bytes.byteLength });
      assert.equal(started.status, "success", JSON.stringify(started));
      uploadId = started.result.uploadId;
      const first = await upload(socket, { action: "chunk", uploadId, offset: 0, data: bytes.subarray(0, 400_000) });
      assert.deepEqual(first.result, { received: 400_000, size: 700_000, done: false });
      const again = await upload(socket, { action: "chunk", uploadId, offset: 0, data: bytes.subarray(0, 400_000) });
      assert.deepEqual(again.result, first.result, "a repeated chunk changes nothing");
      const gap = await upload(socket, { action: "chunk", uploadId, offset: 500_000, data: bytes.subarray(500_000) });
      assert.deepEqual([gap.status, gap.code, gap.details.reason, gap.details.offset], ["error", 409, "UPLOAD_OFFSET_MISMATCH", 400_000]);
      const last = await upload(socket, { action: "chunk", uploadId, offset: 400_000, data: bytes.subarray(400_000) });
      assert.equal(last.result.done, true);
      assert.deepEqual(last.result.file, {
        id: uploadId, name: "scan.pdf", size: 700_000, contentType: "application/pdf", url: `/api/v1/messages/files/${uploadId}`,
      });
      const progress = socket.events.filter((e) => e.name === "upload:attachment" && e.payload.uploadId === uploadId)
        .map((e) => [e.payload.state, e.payload.progress]);
      assert.deepEqual(progress, [["progress", 0], ["progress", 400_000 / 700_000], ["progress", 400_000 / 700_000], ["uploaded", 1]]);
    });

    await t.step("the upload is sent with a message (pushed from the device, as offline messages are)", async () => {
      const msg = { ...newMessage(chatId, patient.id, "my scan"), fileIds: [uploadId] };
      assert.deepEqual((await push(ctx, patient.token, "chat_messages", [create(msg)])).body.result, []);
      const res = await ctx.call("GET", `/messages/files/${uploadId}`, { token: doctor.token });
      assert.equal(res.status, 200);
      // Sent once: a second message cannot take it again.
      const twice = { ...newMessage(chatId, patient.id, "again"), fileIds: [uploadId] };
      const answer = await push(ctx, patient.token, "chat_messages", [create(twice)]);
      assert.equal(answer.body.result[0]._deleted, true);
    });

    await t.step("content that is no known type is refused when the last chunk arrives", async () => {
      const text = new TextEncoder().encode("plain words, not a document");
      const started = await upload(socket, { action: "start", name: "notes.txt", size: text.byteLength });
      const id = started.result.uploadId;
      const last = await upload(socket, { action: "chunk", uploadId: id, offset: 0, data: text });
      assert.deepEqual([last.status, last.code, last.details.reason], ["error", 400, "UNSUPPORTED_FILE"]);
      const event = await socket.next("upload:attachment", (p) => p.uploadId === id && p.state === "error");
      assert.match(event.message, /Unsupported file type/);
      const [{ n }] = await ctx.sql`select count(*)::int as n from chat_files where id = ${id}`;
      assert.equal(n, 0);
    });

    await t.step("cancel drops the upload and says cancelled", async () => {
      const started = await upload(socket, { action: "start", name: "big.pdf", size: 1_000_000 });
      const id = started.result.uploadId;
      await upload(socket, { action: "chunk", uploadId: id, offset: 0, data: bytes.subarray(0, 100_000) });
      const cancelled = await socket.socket.timeout(3000).emitWithAck("upload:attachment:cancel", { uploadId: id });
      assert.deepEqual(cancelled.result, { uploadId: id, cancelled: true });
      await socket.next("upload:attachment", (p) => p.uploadId === id && p.state === "cancelled");
      const [{ files, chunks }] = await ctx.sql`select (select count(*) from chat_files where id = ${id})::int as files,
        (select count(*) from chat_file_chunks c where not exists (select 1 from chat_files f where f.content_id = c.content_id))::int as chunks`;
      assert.deepEqual([files, chunks], [0, 0]);
      const late = await upload(socket, { action: "chunk", uploadId: id, offset: 100_000, data: bytes.subarray(0, 10) });
      assert.equal(late.code, 404);
    });

    await t.step("bad input is answered in the envelope, naming the field", async () => {
      const cases: [unknown, string][] = [
        [{ action: "start", name: "", size: 10 }, "name"],
        [{ action: "start", name: "x.pdf", size: 0 }, "size"],
        [{ action: "start", name: "x.pdf", size: 60 * 1024 * 1024 + 1 }, "size"],
        [{ action: "start", name: "x.pdf", size: 10, extra: 1 }, "extra"],
        [{ action: "chunk", uploadId: "nope", offset: 0, data: new Uint8Array(1) }, "uploadId"],
        [{ action: "chunk", uploadId: crypto.randomUUID(), offset: -1, data: new Uint8Array(1) }, "offset"],
        [{ action: "chunk", uploadId: crypto.randomUUID(), offset: 0, data: "text" }, "data"],
        [{ action: "fly" }, "action"],
      ];
      for (const [payload, field] of cases) {
        const res = await upload(socket, payload);
        assert.equal(res.status, "error", JSON.stringify(payload));
        assert.equal(res.code, 400);
        assert.ok(res.details.fields[field], `${field} in ${JSON.stringify(res.details.fields)}`);
      }
      const tooBig = await upload(socket, { action: "start", name: "x.pdf", size: 600_000 });
      const chunk = await upload(socket, { action: "chunk", uploadId: tooBig.result.uploadId, offset: 0, data: new Uint8Array(600_000) });
      assert.deepEqual([chunk.code, chunk.details.reason], [400, "UPLOAD_CHUNK_SIZE"]);
    });

    await t.step("someone else's upload does not exist for them", async () => {
      const started = await upload(socket, { action: "start", name: "mine.pdf", size: 100 });
      const other = await live.connect(doctor.token);
      const res = await upload(other, { action: "chunk", uploadId: started.result.uploadId, offset: 0, data: new Uint8Array(100) });
      assert.equal(res.code, 404);
      const cancel = await other.socket.timeout(3000).emitWithAck("upload:attachment:cancel", { uploadId: started.result.uploadId });
      assert.equal(cancel.code, 404);
      assert.equal((await ctx.call("GET", `/messages/files/${started.result.uploadId}`, { token: doctor.token })).status, 404);
    });

    await t.step("at most 10 uploads in progress at once", async () => {
      await ctx.sql`delete from chat_files where uploader_id = ${patient.id} and status = 'uploading'`;
      for (let i = 0; i < 10; i++) {
        assert.equal((await upload(socket, { action: "start", name: `f${i}.pdf`, size: 100 })).status, "success");
      }
      const eleventh = await upload(socket, { action: "start", name: "f10.pdf", size: 100 });
      assert.deepEqual([eleventh.code, eleventh.details.reason], [429, "TOO_MANY_UPLOADS"]);
    });
  } finally {
    await live.close();
  }
});
