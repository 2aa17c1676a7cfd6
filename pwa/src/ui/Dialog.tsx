import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from "react";

export type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog for long forms. */
  wide?: boolean;
  /** Override the element id of the title (e.g. for tests). */
  titleId?: string;
};

/**
 * A modal on the native `<dialog>`: `showModal()` makes the rest of the page
 * inert (the focus trap), the title labels it, Esc closes it and focus goes
 * back to whatever opened it.
 */
export function Dialog({ open, title, onClose, children, wide = false, titleId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const autoId = useId();
  const headingId = titleId ?? `dialog-title-${autoId}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      focusFirstField(dialog);
    } else if (!open && dialog.open) {
      closeNative(dialog);
      restoreFocus(opener.current);
    }
  }, [open]);

  // Closing by unmount (e.g. a route change) must also give focus back.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) restoreFocus(opener.current);
    };
  }, []);

  // The native "cancel" (Esc, Android back) is turned into our controlled close.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <dialog
      ref={ref}
      className={wide ? "ui-dialog ui-dialog--wide" : "ui-dialog"}
      aria-labelledby={headingId}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
    >
      {open && (
        <>
          <div className="ui-dialog__header">
            <h2 id={headingId} className="ui-dialog__title">{title}</h2>
            <button type="button" className="ui-dialog__close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="ui-dialog__body">{children}</div>
        </>
      )}
    </dialog>
  );
}

function closeNative(dialog: HTMLDialogElement) {
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}

/** Start in the content, not on the close button that `showModal()` would pick. */
function focusFirstField(dialog: HTMLDialogElement) {
  const target = dialog.querySelector<HTMLElement>(
    "[data-autofocus], .ui-dialog__body input:not([type=hidden]), .ui-dialog__body select, .ui-dialog__body textarea, .ui-dialog__body button, .ui-dialog__body a[href]",
  );
  target?.focus();
}

function restoreFocus(element: HTMLElement | null) {
  if (element && element.isConnected) element.focus();
}
