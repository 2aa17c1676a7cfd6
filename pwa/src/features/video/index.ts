import "./video.css";

export { VideoRoom, type VideoRoomProps } from "./components/VideoRoom.tsx";
export { PANEL_LABELS, type PanelKey } from "./components/RoomPanels.tsx";
export type { RoomPhase } from "./hooks/use-video-room.ts";
