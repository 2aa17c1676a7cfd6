/** Chat export: events on the requester's socket, a valid PDF listing the attachments, members only. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { startLiveServer } from "../../test/live-server.ts";
import { createPractice } from "../../test/sync-fixtures.ts";
import { form, pdfFile, pngFile, send, startChat } from "../../test/chat-fixtures.ts";
import { pdfText } from "../../test/pdf-check.ts";
import { EXPORT_TTL_MS } from "./export.ts";

apiTest("chat export", async (t, ctx) => {
  const live = await startLiveServer(ctx);
  try {
    const { doctor, vma, patient } = await createPractice(ctx);
    const outsider = await ctx.createUser("doctor");
    const chatId = await startChat(ctx, patient, doctor);
    await send(ctx, patient, chatId, "I have had a cough (dry) for a week");
    ctx.clock.advance(1);
    const withFiles = await ctx.call("POST", `/messages/${chatId}`, {
      token: doctor.token,
      form: form({ text: "Here are the forms" }, [pdfFile("intake-form.pdf", 5000), pngFile("x-ray.png", 1_500_000)]),
    });
    assert.equal(withFiles.status, 201);

    let downloadUrl = "";
    let exportId = "";
    await t.step("202 at once; started, progress and success reach the requester's socket only", async () => {
      const mine = await live.connect(patient.token);
      const theirs = await live.connect(doctor.token);
      const res = await ctx.call("POST", `/messages/chat/export/${chatId}`, { token: patient.token });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      exportId = res.body.result.exportId;
      assert.deepEqual(res.body.result, { exportId, chatId });
      const isThis = (p: any) => p.exportId === exportId;
      assert.deepEqual(await mine.next("chat:export:started", isThis), { exportId, chatId });
      const progress = await mine.next("chat:export:progress", isThis);
      assert.equal(progress.progress, 1);
      // The process's first PDF reads and parses the DejaVu fonts (platform/pdf.ts): seconds on a loaded machine.
      const success = await mine.next("chat:export:success", isThis, 20_000);
      downloadUrl = success.downloadUrl;
      assert.equal(downloadUrl, `/api/v1/messages/exports/${exportId}`);
      assert.equal(new Date(success.expiresAt).getTime(), ctx.clock.now().getTime() + EXPORT_TTL_MS);
      assert.equal(theirs.events.filter((e) => e.name.startsWith("chat:export")).length, 0);
    });

    await t.step("the PDF is valid, has the conversation and lists the attachments", async () => {
      const res = await ctx.app.request(downloadUrl, { headers: { authorization: `Bearer ${patient.token}` } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "application/pdf");
      assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="chat-\d{4}-\d{2}-\d{2}\.pdf"/);
      const pdf = new Uint8Array(await res.arrayBuffer());
      const { text } = await pdfText(pdf);
      assert.ok(text.includes("I have had a cough (dry) for a week"));
      assert.ok(text.includes("Attachment: intake-form.pdf (5 KB, application/pdf)"));
      assert.ok(text.includes("Attachment: x-ray.png (1.4 MB, image/png)"));
      assert.ok(text.includes("Attachments (2)"));
    });

    await t.step("the token may come as ?token= (a link the browser opens)", async () => {
      const res = await ctx.app.request(`${downloadUrl}?token=${patient.token}`);
      assert.equal(res.status, 200);
    });

    await t.step("only the requester downloads, while a member, until it expires", async () => {
      for (const token of [doctor.token, outsider.token]) {
        const res = await ctx.call("GET", `/messages/exports/${exportId}`, { token });
        assert.equal(res.status, 404);
      }
      ctx.clock.advance(EXPORT_TTL_MS + 1000);
      assert.equal((await ctx.call("GET", `/messages/exports/${exportId}`, { token: patient.token })).status, 404);
    });

    await t.step("non-members may not export; bad ids are refused", async () => {
      for (const token of [outsider.token, vma.token]) {
        const res = await ctx.call("POST", `/messages/chat/export/${chatId}`, { token });
        assert.equal(res.status, 404);
      }
      assert.equal((await ctx.call("POST", "/messages/chat/export/nope", { token: patient.token })).status, 400);
      assert.equal((await ctx.call("GET", "/messages/exports/nope", { token: patient.token })).status, 400);
      assert.equal((await ctx.call("POST", `/messages/chat/export/${chatId}`)).status, 401);
    });

    await t.step("a member removed after exporting can no longer download it", async () => {
      const group = await startChat(ctx, doctor, vma);
      await send(ctx, vma, group, "note");
      await ctx.call("POST", `/messages/opponents/${group}`, { token: doctor.token, body: { userId: patient.id } });
      const started = await ctx.call("POST", `/messages/chat/export/${group}`, { token: patient.token });
      await ctx.services.chatExports.idle();
      await ctx.call("DELETE", `/messages/opponents/${group}`, { token: doctor.token, body: { userId: patient.id } });
      const res = await ctx.call("GET", `/messages/exports/${started.body.result.exportId}`, { token: patient.token });
      assert.equal(res.status, 404);
    });

    await t.step("a failing export says so on the socket", async () => {
      const mine = await live.connect(vma.token);
      const group = await startChat(ctx, doctor, vma);
      await ctx.sql`alter table blobs add constraint no_exports check (kind <> 'chatExport') not valid`;
      try {
        const res = await ctx.call("POST", `/messages/chat/export/${group}`, { token: vma.token });
        const error = await mine.next("chat:export:error", (p) => p.exportId === res.body.result.exportId);
        assert.equal(error.message, "The export failed. Please try again.");
      } finally {
        await ctx.sql`alter table blobs drop constraint no_exports`;
      }
    });
  } finally {
    await ctx.services.chatExports.idle();
    await live.close();
  }
}, { env: { ACCESS_TOKEN_TTL_SECONDS: "86400" } });
