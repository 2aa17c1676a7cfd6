import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "../../ui/use-dismiss.ts";
import { NavLink, useLocation } from "react-router";
import type { NavItem } from "../nav-items.ts";

/**
 * The navigation's secondary links (issue 32): a "More" disclosure at tablet and desktop widths, so the bar
 * stays one row and the offline banner under it stays in view; on a phone (the folded menu) they are listed
 * with the others and the button is hidden (app.css). Closes on a followed link, Escape and a click outside.
 */
export function MoreNav({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const current = items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));

  useEffect(() => setOpen(false), [pathname]);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);

  if (items.length === 0) return null;
  return (
    <li ref={root} className={open ? "app-nav__more app-nav__more--open" : "app-nav__more"}>
      <button
        ref={button}
        type="button"
        className={current ? "app-nav__link app-nav__more-button active" : "app-nav__link app-nav__more-button"}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="app-nav__more-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="app-nav__link">{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
