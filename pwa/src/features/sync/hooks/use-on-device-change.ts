import { useEffect, useRef } from "react";

/**
 * Calls `onChange` each time the device's `version` of something changes after its first reading (a write of
 * this or another device arrived): the screens that read the server then read it again. `undefined`: the device
 * has not read it yet; the first reading is not a change.
 */
export function useOnDeviceChange(version: string | undefined, onChange: () => void): void {
  const seen = useRef<string | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (version === undefined || version === seen.current) return;
    const first = seen.current === undefined;
    seen.current = version;
    if (!first) latest.current();
  }, [version]);
}
