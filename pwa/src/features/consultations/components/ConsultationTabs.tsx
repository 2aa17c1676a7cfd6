import { type KeyboardEvent, useRef } from "react";
import { CONSULTATION_TABS, type ConsultationTab } from "../../../../../sync/schemas/consultation.ts";
import { TAB_LABELS } from "../lib/consultation-view.ts";

export const tabId = (tab: ConsultationTab) => `consultations-tab-${tab}`;
export const PANEL_ID = "consultations-panel";

/** The list's tabs (01 §2): arrow keys, Home and End move between them (ARIA tabs pattern, automatic activation). */
export function ConsultationTabs({ value, onChange }: { value: ConsultationTab; onChange: (tab: ConsultationTab) => void }) {
  const refs = useRef<Partial<Record<ConsultationTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CONSULTATION_TABS.indexOf(value);
    const next = {
      ArrowRight: (index + 1) % CONSULTATION_TABS.length,
      ArrowLeft: (index - 1 + CONSULTATION_TABS.length) % CONSULTATION_TABS.length,
      Home: 0,
      End: CONSULTATION_TABS.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = CONSULTATION_TABS[next];
    onChange(tab);
    refs.current[tab]?.focus();
  };
  return (
    <div role="tablist" aria-label="Consultations" className="tabs" onKeyDown={onKeyDown}>
      {CONSULTATION_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === value}
          aria-controls={PANEL_ID}
          tabIndex={tab === value ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(tab)}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
