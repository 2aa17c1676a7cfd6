import { useCallback, useMemo } from "react";
import { usePracticeMembers } from "./use-team.ts";

/**
 * Who did something in a practice, as its care team reads it (issue 32): "Dr. Grace Hopper", or for an
 * assistant "Vera Assistant for Dr. Hopper" (a VMA always acts for the practice's doctor). From the practice's
 * people on the device, so it reads offline; null for someone the device does not know (another practice,
 * an admin, a VMA since detached): callers then say what they have.
 */
export function useActorLabel(): (userId: string | null | undefined) => string | null {
  const { items } = usePracticeMembers();
  const byId = useMemo(() => new Map(items.map((m) => [m.userId, m])), [items]);
  return useCallback((userId) => {
    const member = userId ? byId.get(userId) : undefined;
    if (!member) return null;
    const name = `${member.firstName} ${member.lastName}`.trim();
    if (member.role === "doctor") return `Dr. ${name}`;
    const doctor = items.find((m) => m.role === "doctor" && m.practiceId === member.practiceId);
    return doctor ? `${name} for Dr. ${doctor.lastName}` : name;
  }, [byId, items]);
}
