import type { MediaProblem } from "../lib/media.ts";

/** A camera or microphone problem (01 §4 codes 1–3, busy, blocked) with what to do. */
export function MediaProblemNote({ problem }: { problem: MediaProblem }) {
  return (
    <div className="notice notice--warning stack" role="alert">
      <strong>{problem.title}{problem.code ? ` (error ${problem.code})` : ""}</strong>
      <p>{problem.help}</p>
    </div>
  );
}

/** 01 §2 "browser support notes". */
export function BrowserSupportNote() {
  return (
    <div className="notice notice--warning stack" role="alert">
      <strong>This browser cannot make video calls</strong>
      <p>
        Video visits need a recent Chrome, Edge or Firefox on a computer or Android, or Safari on iPhone and iPad (iOS 14.3 or
        newer), on a secure (https) address. In-app browsers (opened from mail or social apps) often block the camera: open the
        page in the browser itself.
      </p>
    </div>
  );
}
