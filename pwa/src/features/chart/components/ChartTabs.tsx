import { type KeyboardEvent, type ReactNode, useRef } from "react";

export type ChartTab<K extends string> = { id: K; label: string };

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

type Props<K extends string> = {
  /** Names the tab list for screen readers. */
  label: string;
  /** Prefix of the tabs' and panels' element ids. */
  idPrefix: string;
  tabs: readonly ChartTab<K>[];
  value: K;
  onChange: (id: K) => void;
};

/**
 * The chart's sections as ARIA tabs (automatic activation): arrow keys, Home
 * and End move between them; on a phone the row scrolls sideways.
 */
export function ChartTabs<K extends string>({ label, idPrefix, tabs, value, onChange }: Props<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === value);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next].id;
    onChange(tab);
    refs.current.get(tab)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="chart-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(el) => {
            if (el) refs.current.set(tab.id, el);
            else refs.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.id)}
          aria-selected={tab.id === value}
          aria-controls={panelId(idPrefix, tab.id)}
          tabIndex={tab.id === value ? 0 : -1}
          className="chart-tabs__tab"
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the selected tab. */
export function ChartTabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0} className="chart-tabs__panel stack">
      {children}
    </div>
  );
}
