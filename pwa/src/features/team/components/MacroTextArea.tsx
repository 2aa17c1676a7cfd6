/**
 * A text area that offers macro expansion: typing a shortcut (`;bp`) shows the
 * matching macros of the practice — read from the device (the synced `macros`
 * collection), so expansion works offline — with placeholders filled for the
 * given patient (sync/rules/macro-text.ts, as `GET /doctorMacros/dropdown/list`
 * does); Enter, Tab or a click replaces the shortcut with the text. Esc dismisses.
 */
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { fillMacro, type MacroContext, shortcutAt } from "../../../../../sync/rules/macro-text.ts";
import type { MacroOption } from "../../../../../sync/schemas/team.ts";
import { teamKeys } from "../lib/keys.ts";
import { useMacros } from "../../sync/index.ts";

export type MacroPeople = Omit<MacroContext, "today">;

/**
 * The macros matching a typed shortcut, their placeholders filled: by the server
 * for `patientId` when it answers (`GET /doctorMacros/dropdown/list`, which knows
 * the patient), else on the device from `people` (offline).
 */
export function useMacroMatches(typed: string | null, people: MacroPeople = {}, patientId?: string): MacroOption[] {
  const { api } = useAppDeps();
  const macros = useMacros();
  const filled = useQuery({
    queryKey: [...teamKeys.macros, "dropdown", patientId ?? ""],
    queryFn: () => api.GET("/doctorMacros/dropdown/list", { query: { patientId } }),
    enabled: Boolean(patientId),
    staleTime: 60_000,
  });
  if (!typed) return [];
  const byServer = new Map((filled.data?.list ?? []).map((m) => [m.id, m.text]));
  const ctx = { ...people, today: new Date() };
  return macros.items
    .filter((m) => m.shortcut.toLowerCase().startsWith(typed.toLowerCase()))
    .slice(0, 6)
    .map((m) => ({ id: m.id, shortcut: m.shortcut, text: byServer.get(m.id) ?? fillMacro(m.text, ctx) }));
}

/** Replaces the shortcut before the caret with the macro's text; returns the new value and caret. */
export function expandAt(value: string, caret: number, text: string): { value: string; caret: number } | null {
  const at = shortcutAt(value, caret);
  if (!at) return null;
  const next = value.slice(0, at.start) + text + value.slice(caret);
  return { value: next, caret: at.start + text.length };
}

export function MacroTextArea(
  { label, value, onChange, people, patientId, error, rows = 4 }: {
    label: string; value: string; onChange: (v: string) => void; people?: MacroPeople; patientId?: string; error?: string;
    rows?: number;
  },
) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const typed = shortcutAt(value, caret);
  const matches = useMacroMatches(typed && typed.shortcut !== dismissed ? typed.shortcut : null, people, patientId);
  const listId = `${id}-macros`;

  const apply = (m: MacroOption) => {
    const out = expandAt(value, caret, m.text);
    if (!out) return;
    onChange(out.value);
    setCaret(out.caret);
    requestAnimationFrame(() => ref.current?.setSelectionRange(out.caret, out.caret));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length === 0) return;
    if (e.key === "ArrowDown") { e.preventDefault(); setActive((active + 1) % matches.length); }
    else if (e.key === "ArrowUp") { e.preventDefault(); setActive((active - 1 + matches.length) % matches.length); }
    else if (e.key === "Enter" || e.key === "Tab") { e.preventDefault(); apply(matches[Math.min(active, matches.length - 1)]); }
    else if (e.key === "Escape") { e.preventDefault(); setDismissed(typed?.shortcut ?? null); }
  };

  return (
    <div className="ui-field" style={{ position: "relative" }}>
      <label className="ui-field__label" htmlFor={id}>{label}</label>
      <textarea
        ref={ref} id={id} className="ui-input" rows={rows} value={value}
        aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-controls={matches.length ? listId : undefined}
        aria-activedescendant={matches.length ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined}
        onChange={(e) => { onChange(e.target.value); setCaret(e.target.selectionStart); setActive(0); }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <small id={`${id}-hint`}>Type a macro shortcut such as ;bp to insert its text.</small>
      {/* A textarea cannot carry aria-expanded: the suggestions are announced here instead. */}
      <span className="visually-hidden" role="status">
        {matches.length ? `${matches.length} macro${matches.length === 1 ? "" : "s"}: arrow keys to choose, Enter to insert` : ""}
      </span>
      {error && <p id={`${id}-error`} className="ui-field__error">{error}</p>}
      {matches.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Macros" className="card" style={{ listStyle: "none", padding: "0.25rem", margin: 0 }}>
          {matches.map((m, i) => (
            <li key={m.id} id={`${listId}-${i}`} role="option" aria-selected={i === Math.min(active, matches.length - 1)}
              onMouseDown={(e) => { e.preventDefault(); apply(m); }} style={{ cursor: "pointer", padding: "0.25rem" }}>
              <strong>{m.shortcut}</strong> {m.text.slice(0, 80)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
