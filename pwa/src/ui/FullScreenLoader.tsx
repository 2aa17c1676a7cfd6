import { Spinner } from "./Spinner.tsx";

/** Covers the screen while something the whole app depends on loads (e.g. the stored sign-in check). */
export function FullScreenLoader({ label = "Loading" }: { label?: string }) {
  return (
    <div className="ui-fullscreen-loader">
      <Spinner label={label} />
      <p className="muted" aria-hidden="true">{label}…</p>
    </div>
  );
}
