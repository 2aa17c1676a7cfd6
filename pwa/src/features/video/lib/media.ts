/**
 * The local camera and microphone (01 §4): 640x360 at 16:9, front camera
 * first; failures named with the spec's codes (1 no devices, 2 no camera,
 * 3 no microphone) or as busy, blocked or unsupported, each with help text.
 */
import { MEDIA_ERROR_CODES, type MediaErrorKind, VIDEO_CONSTRAINTS } from "../../../../../sync/schemas/video.ts";

export type FacingMode = "user" | "environment";

export type MediaProblem = { kind: MediaErrorKind; code: number | null; title: string; help: string };

const HELP: Record<MediaErrorKind, Omit<MediaProblem, "kind" | "code">> = {
  no_devices: {
    title: "No camera or microphone found",
    help: "Connect a camera and a microphone (or a headset), then press Try again. You can still see and hear the other party.",
  },
  no_camera: {
    title: "No camera found",
    help: "The other party will hear you but not see you. Connect a camera and press Try again to turn it on.",
  },
  no_microphone: {
    title: "No microphone found",
    help: "The other party will see you but not hear you. Connect a microphone or a headset and press Try again.",
  },
  busy: {
    title: "Your camera or microphone is busy",
    help: "Another application or browser tab is using it. Close it (video calls, camera apps), then press Try again.",
  },
  blocked: {
    title: "Camera and microphone are blocked",
    help: "Allow this site to use the camera and microphone: click the camera or lock icon beside the address, choose Allow, then press Try again.",
  },
  unsupported: {
    title: "This browser cannot make video calls",
    help: "Use a recent Chrome, Edge, Firefox or Safari (iOS 14.3 or newer), over https.",
  },
  unknown: {
    title: "The camera or microphone could not start",
    help: "Press Try again. If it keeps failing, restart the browser.",
  },
};

export function mediaProblem(kind: MediaErrorKind): MediaProblem {
  const code = kind === "no_devices"
    ? MEDIA_ERROR_CODES.noDevices
    : kind === "no_camera"
    ? MEDIA_ERROR_CODES.noCamera
    : kind === "no_microphone"
    ? MEDIA_ERROR_CODES.noMicrophone
    : null;
  return { kind, code, ...HELP[kind] };
}

/** Which devices are missing, from the device list: the codes 1, 2, 3 of 01 §4. */
export function missingDevices(devices: Pick<MediaDeviceInfo, "kind">[]): MediaErrorKind | null {
  const cameras = devices.filter((d) => d.kind === "videoinput").length;
  const microphones = devices.filter((d) => d.kind === "audioinput").length;
  if (!cameras && !microphones) return "no_devices";
  if (!cameras) return "no_camera";
  if (!microphones) return "no_microphone";
  return null;
}

/** A getUserMedia failure as one of our kinds (DOMException names differ a little between browsers). */
export function classifyMediaError(error: unknown): MediaErrorKind {
  const name = (error as { name?: string } | null)?.name ?? "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") return "blocked";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError") return "no_devices";
  return "unknown";
}

export const videoConstraints = (facingMode: FacingMode, deviceId?: string): MediaTrackConstraints => ({
  ...VIDEO_CONSTRAINTS,
  ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: facingMode } }),
});

export type LocalMedia = { stream: MediaStream | null; problem: MediaProblem | null; cameras: MediaDeviceInfo[] };

/** Opens what is there: both, or the one that exists (with the problem saying which is missing). */
export async function openLocalMedia(facingMode: FacingMode, md: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<LocalMedia> {
  if (!md?.getUserMedia || typeof RTCPeerConnection === "undefined") return { stream: null, problem: mediaProblem("unsupported"), cameras: [] };
  const list = async () => await md.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
  let missing = missingDevices(await list());
  // Before permission some browsers list no devices at all: ask for both, then look again.
  const want = { audio: missing !== "no_microphone" && missing !== "no_devices", video: missing !== "no_camera" && missing !== "no_devices" };
  if (missing === "no_devices") want.audio = want.video = true;
  try {
    const stream = await md.getUserMedia({ audio: want.audio, video: want.video ? videoConstraints(facingMode) : false });
    const devices = await list();
    missing = missingDevices(devices);
    return { stream, problem: missing ? mediaProblem(missing) : null, cameras: devices.filter((d) => d.kind === "videoinput") };
  } catch (error) {
    const kind = classifyMediaError(error);
    if (kind !== "no_devices") return { stream: null, problem: mediaProblem(kind), cameras: [] };
    // One of the two may still work.
    const devices = await list();
    const which = missingDevices(devices) ?? "no_devices";
    if (which === "no_camera" || which === "no_microphone") {
      const stream = await md.getUserMedia(which === "no_camera" ? { audio: true } : { video: videoConstraints(facingMode) }).catch(() => null);
      if (stream) return { stream, problem: mediaProblem(which), cameras: devices.filter((d) => d.kind === "videoinput") };
    }
    return { stream: null, problem: mediaProblem(which), cameras: [] };
  }
}

export const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());
