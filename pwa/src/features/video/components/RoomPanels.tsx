import type { ReactNode } from "react";
import { Button } from "../../../ui/index.ts";

export const PANEL_LABELS = {
  chat: "Text chat",
  intake: "Intake form",
  patient: "Patient profile",
  encounter: "Encounter info",
} as const;
export type PanelKey = keyof typeof PANEL_LABELS;

/** The side panels of the room (01 §2 UI flags): one visible at a time; pressing the open one closes it. */
export function RoomPanels({ panels, open, onOpen }: {
  panels: Partial<Record<PanelKey, ReactNode>>;
  open: PanelKey | null;
  onOpen(key: PanelKey | null): void;
}) {
  const keys = (Object.keys(PANEL_LABELS) as PanelKey[]).filter((k) => panels[k] !== undefined);
  return (
    <aside className="video-room__side" aria-label="Consultation panels">
      <div className="row" role="group" aria-label="Panels">
        {keys.map((key) => (
          <Button key={key} variant="secondary" aria-pressed={open === key} aria-controls={`room-panel-${key}`} onClick={() => onOpen(open === key ? null : key)}>
            {PANEL_LABELS[key]}
          </Button>
        ))}
      </div>
      {open && panels[open] !== undefined && (
        <section id={`room-panel-${open}`} className="card stack video-room__panel" aria-label={PANEL_LABELS[open]}>
          <h3>{PANEL_LABELS[open]}</h3>
          {panels[open]}
        </section>
      )}
    </aside>
  );
}
