import type { KeyboardEvent } from "react";

/**
 * The keys of an ARIA 1.2 combobox with a listbox (diagnoses, allergens): arrows open the list or move through
 * the matches, Enter picks the active one, Escape closes the list (and only the list: a dialog around it stays).
 */
export function comboboxKeyDown<T>(
  event: KeyboardEvent<HTMLInputElement>,
  s: { open: boolean; setOpen: (open: boolean) => void; options: T[]; active: number; setActive: (next: (i: number) => number) => void; pick: (option: T) => void },
): void {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    if (!s.open) return s.setOpen(true);
    if (s.options.length === 0) return;
    const step = event.key === "ArrowDown" ? 1 : -1;
    s.setActive((i) => (i + step + s.options.length) % s.options.length);
  } else if (event.key === "Enter" && s.open && s.active >= 0 && s.options[s.active]) {
    event.preventDefault();
    s.pick(s.options[s.active]);
  } else if (event.key === "Escape" && s.open) {
    event.preventDefault();
    event.stopPropagation();
    s.setOpen(false);
  }
}
