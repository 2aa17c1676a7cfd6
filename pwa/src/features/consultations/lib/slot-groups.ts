/** Free slots as a patient picks them: grouped by day in the patient's timezone. */
import { zonedDate } from "../../../../../sync/rules/zoned-time.ts";
import type { Slot } from "../../../../../sync/schemas/availability.ts";

export type SlotDay = { date: string; slots: Slot[] };

/** Slots by the wall date they start on in `timeZone`, days and slots in time order. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const byDate = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.startAt.localeCompare(b.startAt))) {
    const date = zonedDate(new Date(slot.startAt), timeZone);
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, slots: list }));
}
