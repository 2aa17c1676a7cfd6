import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../ui/index.ts";
import { isWebRtcSupported } from "../lib/janus-room.ts";
import { type RoomPhase, useVideoRoom } from "../hooks/use-video-room.ts";
import { BrowserSupportNote, MediaProblemNote } from "./MediaHelp.tsx";
import { type PanelKey, RoomPanels } from "./RoomPanels.tsx";

export type VideoRoomProps = {
  consultationId: string;
  /** The viewer is the consultation's doctor: they may finish it. */
  isDoctor: boolean;
  otherName: string;
  panels: Partial<Record<PanelKey, ReactNode>>;
  /** The room was left or ended: the page shows the consultation again. */
  onClosed(phase: RoomPhase): void;
};

const PHASE_TEXT: Record<RoomPhase, string> = {
  preparing: "Starting your camera and microphone…",
  joining: "Joining…",
  waiting: "Waiting for the other party to join…",
  in_call: "Connected",
  reconnecting: "Connection lost — reconnecting…",
  left: "You left the consultation.",
  finished: "The consultation is finished.",
  replaced: "You joined this consultation on another device, so it ended here.",
  error: "The video room could not continue.",
};

function StreamVideo({ stream, label, muted, mirrored }: { stream: MediaStream | null; label: string; muted?: boolean; mirrored?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={mirrored ? "video-room__video video-room__video--mirrored" : "video-room__video"}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
    />
  );
}

/** The live room on `/consultation/{id}` (01 §2): preview, the other party, controls, side panels. */
export function VideoRoom(props: VideoRoomProps) {
  const { state, toggleCamera, toggleMicrophone, switchCamera, leave, finish } = useVideoRoom(props.consultationId);
  const [panel, setPanel] = useState<PanelKey | null>(null);
  const [confirmFinish, setConfirmFinish] = useState(false);
  const ended = state.phase === "left" || state.phase === "finished" || state.phase === "replaced" || state.phase === "error";
  const { onClosed } = props;
  useEffect(() => {
    if (ended) onClosed(state.phase);
  }, [ended, onClosed, state.phase]);

  if (!isWebRtcSupported()) return <BrowserSupportNote />;

  const name = state.otherName ?? props.otherName;
  return (
    <section className="video-room" aria-labelledby="video-room-title" data-room-id={state.roomId ?? undefined} data-phase={state.phase}>
      <h2 id="video-room-title" className="visually-hidden">Video consultation with {name}</h2>
      <div className="video-room__main">
        <div className="video-room__stage">
          {state.remote
            ? <StreamVideo stream={state.remote} label={`Video of ${name}`} />
            : (
              <div className="video-room__waiting" role="status" aria-live="polite">
                <p>{PHASE_TEXT[state.phase]}</p>
              </div>
            )}
          <div className="video-room__preview">
            {state.local && !state.cameraOff
              ? <StreamVideo stream={state.local} label="Your camera" muted mirrored={state.facingMode === "user"} />
              : <p className="video-room__camera-off">Camera off</p>}
          </div>
        </div>
        <p className="video-room__status" role="status" aria-live="polite">
          {state.remote ? PHASE_TEXT[state.phase === "reconnecting" ? "reconnecting" : "in_call"] : ""}
        </p>
        {state.problem && <MediaProblemNote problem={state.problem} />}
        {state.error && <p className="form-error" role="alert">{state.error}</p>}
        <div className="video-room__controls" role="toolbar" aria-label="Call controls">
          <Button variant="secondary" aria-pressed={state.cameraOff} onClick={toggleCamera} disabled={!state.local?.getVideoTracks().length}>
            {state.cameraOff ? "Turn camera on" : "Turn camera off"}
          </Button>
          <Button variant="secondary" aria-pressed={state.microphoneOff} onClick={toggleMicrophone} disabled={!state.local?.getAudioTracks().length}>
            {state.microphoneOff ? "Unmute" : "Mute"}
          </Button>
          {state.multipleVideoInputs && (
            <Button variant="secondary" onClick={() => void switchCamera()}>
              {state.facingMode === "user" ? "Use back camera" : "Use front camera"}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void leave()}>Leave</Button>
          {props.isDoctor && !confirmFinish && <Button onClick={() => setConfirmFinish(true)}>Finish consultation</Button>}
          {props.isDoctor && confirmFinish && (
            <span className="row" role="group" aria-label="Finish the consultation for both?">
              <span>End it for both?</span>
              <Button onClick={() => void finish()}>Finish for both</Button>
              <Button variant="secondary" onClick={() => setConfirmFinish(false)}>Keep talking</Button>
            </span>
          )}
        </div>
      </div>
      <RoomPanels panels={props.panels} open={panel} onOpen={setPanel} />
      <p className="muted">
        Trouble? <Link to="/messages">Message the other party</Link> or leave and join again.
      </p>
    </section>
  );
}
