/**
 * Issue 6's browser test, through a real Janus inside the test's network
 * namespace (run.sh): the demo doctor and patient, each in their own Chromium
 * context with a fake camera and microphone, join their consultation and each
 * receives the other's video (frames decoded and rising, videoWidth > 0); a
 * third account is refused by the edge and by Janus itself; the doctor
 * finishes and both rooms end.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { io } from "socket.io-client";
import { DEMO_PASSWORD, signIn } from "../helpers.ts";

const seed = JSON.parse(readFileSync(`${process.env.VIDEO_E2E_DATA_DIR}/video-seed.json`, "utf8")) as { visit: string; outsiderVisit: string; more: string[] };

/** Frames decoded so far by the video labelled `label`. */
const framesOf = (page: Page, label: RegExp) => page.getByLabel(label).evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

async function openAs(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto(path);
  // A new page load asks to unlock the on-device data; the room does not need it.
  const unlock = page.getByRole("dialog", { name: "Unlock your data" });
  await unlock.getByRole("button", { name: "Later" }).click({ timeout: 5000 }).catch(() => {});
  await expect(unlock).toBeHidden();
  return page;
}

/** Frames decoded by the video element labelled `label`, now and a second later: both > 0 and rising, with a width. */
async function expectVideoFlowing(page: Page, label: RegExp) {
  const video = page.getByLabel(label);
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const frames = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
  // The width can be known a moment before the first frame is decoded: wait for frames first.
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(0);
  const first = await frames();
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(first + 5);
}

test("doctor and patient see each other through Janus; an outsider is refused by Janus itself; finishing ends both sides", async ({ browser, baseURL }) => {
  const doctor = await openAs(browser, "doctor@demo.test", `/consultation/${seed.visit}`);
  const patient = await openAs(browser, "patient@demo.test", `/consultation/${seed.visit}`);
  try {
    // The doctor joins first and waits for the patient.
    await expect(doctor.getByRole("heading", { level: 2, name: "Open now" })).toBeVisible();
    await doctor.getByRole("button", { name: "Join", exact: true }).click();
    await expect(doctor.getByText("Waiting for the other party to join…")).toBeVisible();
    await expect(doctor.getByLabel("Your camera")).toBeVisible();

    await patient.getByRole("button", { name: "Join", exact: true }).click();
    await expectVideoFlowing(patient, /^Video of Dr\. Grace Hopper/);
    await expectVideoFlowing(doctor, /^Video of Pat Patient/);

    // One panel at a time.
    const panels = doctor.getByRole("complementary", { name: "Consultation panels" });
    await panels.getByRole("button", { name: "Intake form" }).click();
    await expect(panels.getByRole("region", { name: "Intake form" })).toBeVisible();
    await panels.getByRole("button", { name: "Patient profile" }).click();
    await expect(panels.getByRole("region", { name: "Patient profile" })).toBeVisible();
    await expect(panels.getByRole("region", { name: "Intake form" })).toHaveCount(0);

    // A third account: the edge hides the consultation, and Janus refuses its tokens for this room.
    const roomId = Number(await doctor.locator(".video-room").getAttribute("data-room-id"));
    expect(roomId).toBeGreaterThan(0);
    const outsider = await openAs(browser, "outsider@demo.test", `/consultation/${seed.visit}`);
    try {
      await expect(outsider.getByRole("heading", { level: 2, name: "Not found" })).toBeVisible();
      await expect(outsider.getByRole("button", { name: "Join" })).toHaveCount(0);
      const login = await outsider.request.post("/api/v1/users/login", { data: { email: "outsider@demo.test", password: DEMO_PASSWORD } });
      const token = (await login.json()).result.accessToken as string;
      const socket = io(baseURL!, { path: "/api/v1/socket.io", auth: { token }, transports: ["websocket"] });
      try {
        const refused = await socket.timeout(10_000).emitWithAck("consultation:join", { consultationId: seed.visit, token });
        expect([refused.status, refused.code]).toEqual(["error", 404]);
        // Their own visit gives them real tokens — for their own room only.
        const own = (await socket.timeout(10_000).emitWithAck("consultation:join", { consultationId: seed.outsiderVisit, token })).result;
        expect(own.roomId).not.toBe(roomId);
        const janus = async (path: string, body: Record<string, unknown>, withToken: string | null = own.token) =>
          (await outsider.request.post(`${own.server}${path}`, { data: { ...body, transaction: crypto.randomUUID(), ...(withToken ? { token: withToken } : {}) } })).json();
        const anonymous = await janus("", { janus: "create" }, null);
        expect(anonymous.error?.code, JSON.stringify(anonymous)).toBe(403);
        const session = (await janus("", { janus: "create" })).data.id;
        const handle = (await janus(`/${session}`, { janus: "attach", plugin: "janus.plugin.videoroom" })).data.id;
        await janus(`/${session}/${handle}`, { janus: "message", body: { request: "join", ptype: "publisher", room: roomId, token: own.roomToken } });
        const poll = await outsider.request.get(`${own.server}/${session}?maxev=5&token=${encodeURIComponent(own.token)}`);
        const events = [await poll.json()].flat();
        const answer = events.find((e: any) => e.plugindata?.data?.error_code);
        expect([answer.plugindata.data.error_code, answer.plugindata.data.error]).toEqual([433, "Unauthorized (wrong token)"]);
      } finally {
        socket.close();
      }
    } finally {
      await outsider.context().close();
    }

    // The doctor finishes: both rooms end, every stream stops, the page says finished.
    await doctor.getByRole("button", { name: "Finish consultation" }).click();
    await doctor.getByRole("button", { name: "Finish for both" }).click();
    for (const page of [doctor, patient]) {
      await expect(page.getByText("The consultation is finished.")).toBeVisible();
      await expect(page.locator("video")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2, name: "Finished" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Join" })).toBeDisabled();
    }
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
});

test("a short network loss: both stay in the room and the video comes back", async ({ browser }) => {
  const visit = seed.more[0];
  const doctor = await openAs(browser, "doctor@demo.test", `/consultation/${visit}`);
  const patient = await openAs(browser, "patient@demo.test", `/consultation/${visit}`);
  try {
    await doctor.getByRole("button", { name: "Join", exact: true }).click();
    await patient.getByRole("button", { name: "Join", exact: true }).click();
    await expectVideoFlowing(doctor, /^Video of Pat Patient/);
    await expectVideoFlowing(patient, /^Video of Dr\. Grace Hopper/);
    // The namespace loses its addresses for a few seconds, as a Wi-Fi drop would (run.sh made them).
    const addresses = [["10.200.0.1/24", "veth0"], ["10.200.0.2/24", "veth1"]];
    for (const [address, dev] of addresses) execFileSync("ip", ["addr", "del", address, "dev", dev]);
    await new Promise((r) => setTimeout(r, 4000));
    for (const [address, dev] of addresses) execFileSync("ip", ["addr", "add", address, "dev", dev]);
    // Still in the room, and frames rise again on both sides.
    for (const [page, label] of [[doctor, /^Video of Pat Patient/], [patient, /^Video of Dr\. Grace Hopper/]] as const) {
      await expect(page.locator(".video-room")).toBeVisible();
      await expect(async () => {
        const before = await framesOf(page, label);
        await new Promise((r) => setTimeout(r, 700));
        expect(await framesOf(page, label)).toBeGreaterThan(before + 3);
      }).toPass({ timeout: 40_000 });
    }
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
});
