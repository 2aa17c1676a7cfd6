/**
 * Who may treat whom (01 §5): a patient may choose only a doctor licensed in the patient's own state. The edge
 * enforces it where a patient joins a doctor or pays one (a membership, a paid service, an admin's assignment); the
 * PWA marks the doctors a patient cannot choose and says why. A consultation may still name another state with a
 * reason (a patient travelling: the booking's out-of-state reason, 01 §5); that rule is the booking's own.
 */
import { US_STATES, type UsState } from "../us-states.ts";

export function isLicensedIn(licensedStates: readonly string[], state: string | null | undefined): boolean {
  return !!state && licensedStates.includes(state);
}

/** What the patient is told: the doctor's states and their own. */
export function notLicensedMessage(doctorName: string, licensedStates: readonly string[], state: string | null | undefined): string {
  const name = (code: string) => US_STATES[code as UsState] ?? code;
  if (!state) return `Add your state to your profile first: ${doctorName} may treat only patients in ${licensedStates.map(name).join(", ")}.`;
  return `${doctorName} is not licensed in ${name(state)}, where you live: choose a doctor licensed in ${name(state)}.`;
}
