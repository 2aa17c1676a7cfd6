import { afterEach, describe, expect, it, vi } from "vitest";
import { classifyMediaError, mediaProblem, missingDevices, openLocalMedia, videoConstraints } from "./media.ts";

const device = (kind: MediaDeviceKind, deviceId: string = kind) => ({ kind, deviceId, groupId: "", label: "", toJSON: () => ({}) }) as MediaDeviceInfo;
const stream = (kinds: ("audio" | "video")[]) =>
  ({ getTracks: () => kinds.map((kind) => ({ kind, stop() {} })), getVideoTracks: () => [], getAudioTracks: () => [] }) as unknown as MediaStream;
const domError = (name: string) => Object.assign(new Error(name), { name });

describe("camera and microphone errors (01 §4 codes)", () => {
  it("missing devices are 1 (none), 2 (no camera), 3 (no microphone)", () => {
    expect(missingDevices([])).toBe("no_devices");
    expect(missingDevices([device("audioinput")])).toBe("no_camera");
    expect(missingDevices([device("videoinput")])).toBe("no_microphone");
    expect(missingDevices([device("videoinput"), device("audioinput"), device("audiooutput")])).toBeNull();
    expect([mediaProblem("no_devices").code, mediaProblem("no_camera").code, mediaProblem("no_microphone").code]).toEqual([1, 2, 3]);
    expect(mediaProblem("busy").code).toBeNull();
  });

  it("getUserMedia failures: blocked, busy, not found, other", () => {
    expect(classifyMediaError(domError("NotAllowedError"))).toBe("blocked");
    expect(classifyMediaError(domError("SecurityError"))).toBe("blocked");
    expect(classifyMediaError(domError("NotReadableError"))).toBe("busy");
    expect(classifyMediaError(domError("TrackStartError"))).toBe("busy");
    expect(classifyMediaError(domError("NotFoundError"))).toBe("no_devices");
    expect(classifyMediaError(new Error("?"))).toBe("unknown");
    for (const kind of ["blocked", "busy", "unsupported"] as const) expect(mediaProblem(kind).help.length).toBeGreaterThan(20);
  });

  it("video is asked at 640x360, 16:9, front camera first or a named device", () => {
    expect(videoConstraints("user")).toMatchObject({ width: { ideal: 640 }, height: { ideal: 360 }, aspectRatio: { ideal: 16 / 9 }, facingMode: { ideal: "user" } });
    expect(videoConstraints("environment", "cam-2")).toMatchObject({ deviceId: { exact: "cam-2" } });
  });
});

describe("openLocalMedia", () => {
  afterEach(() => void vi.unstubAllGlobals());
  const rtc = () => vi.stubGlobal("RTCPeerConnection", class {});

  it("both devices: one stream, no problem, the cameras listed", async () => {
    rtc();
    const getUserMedia = vi.fn().mockResolvedValue(stream(["audio", "video"]));
    const md = { getUserMedia, enumerateDevices: vi.fn().mockResolvedValue([device("videoinput", "a"), device("videoinput", "b"), device("audioinput")]) };
    const result = await openLocalMedia("user", md as unknown as MediaDevices);
    expect(result.problem).toBeNull();
    expect(result.cameras.map((c) => c.deviceId)).toEqual(["a", "b"]);
    expect(getUserMedia.mock.calls[0][0]).toMatchObject({ audio: true, video: { width: { ideal: 640 } } });
  });

  it("no camera: the microphone alone, with code 2", async () => {
    rtc();
    const getUserMedia = vi.fn().mockResolvedValue(stream(["audio"]));
    const md = { getUserMedia, enumerateDevices: vi.fn().mockResolvedValue([device("audioinput")]) };
    const result = await openLocalMedia("user", md as unknown as MediaDevices);
    expect(getUserMedia.mock.calls[0][0]).toEqual({ audio: true, video: false });
    expect(result.problem?.code).toBe(2);
    expect(result.stream).not.toBeNull();
  });

  it("blocked permission: no stream, the blocked help", async () => {
    rtc();
    const md = { getUserMedia: vi.fn().mockRejectedValue(domError("NotAllowedError")), enumerateDevices: vi.fn().mockResolvedValue([]) };
    const result = await openLocalMedia("user", md as unknown as MediaDevices);
    expect([result.stream, result.problem?.kind]).toEqual([null, "blocked"]);
  });

  it("no WebRTC: unsupported", async () => {
    vi.stubGlobal("RTCPeerConnection", undefined);
    expect((await openLocalMedia("user", undefined)).problem?.kind).toBe("unsupported");
  });
});
