/**
 * The header's notice of changes the server did not accept (issue 31: nothing is silently dropped): a button
 * "1 change not accepted" while any is kept; its dialog says what each was, when, and why it may have been
 * refused, and lets the user dismiss it once they have taken what they need.
 */
import { useState } from "react";
import { Button, Dialog } from "../../../ui/index.ts";
import { useRefusals } from "../hooks/use-refusals.ts";
import { describeRefusal } from "../lib/refusal-words.ts";

const formatWhen = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

export function RefusedChanges() {
  const { items, dismiss } = useRefusals();
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  const label = items.length === 1 ? "1 change not accepted" : `${items.length} changes not accepted`;
  return (
    <>
      <button type="button" className="sync-status sync-status--warning refused-changes" onClick={() => setOpen(true)}>
        <span aria-hidden="true">⚠</span> {label}
      </button>
      <Dialog open={open} title="Changes not accepted" onClose={() => setOpen(false)}>
        <div className="stack">
          <p>
            The server did not accept these changes made on this device, so they were not saved: the patient may have
            left the practice, the encounter may have been deleted, or what you may do changed meanwhile. They are
            kept here so you can record them again where they belong.
          </p>
          <ul className="refused-changes__list">
            {items.map((item) => (
              <li key={`${item.collection}/${item.id}`} className="row refused-changes__item">
                <span>
                  <strong>{describeRefusal(item)}</strong>
                  <span className="muted"> · {formatWhen(item.at)}</span>
                </span>
                <Button variant="text" aria-label={`Dismiss ${describeRefusal(item)}`} onClick={() => void dismiss(item)}>Dismiss</Button>
              </li>
            ))}
          </ul>
          <div className="row">
            <Button variant="secondary" onClick={() => setOpen(false)}>Close</Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
