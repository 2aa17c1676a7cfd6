import { useEffect, useRef } from "react";

/**
 * Runs `effect` once per mounted page, even under StrictMode's double
 * effects: for calls that must not be repeated (consuming a one-time token).
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // Deliberately once, with the first render's values.
  }, []);
}
