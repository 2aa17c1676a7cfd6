/**
 * What the chart offers to whom, mirroring the server's rules (edge/docs/chart.md,
 * access table; `edge/src/domains/chart/access.ts`). The PWA only hides what the
 * server would refuse; the server stays the judge (a VMA who forces a call gets 403).
 */
export type ChartRole = "doctor" | "vma" | "patient";

export type ChartPermissions = {
  /** General data, medical card records, problems, vitals and imports: the care team. */
  prepare: boolean;
  /** Encounters (create, edit, delete, send), diagnoses, sharing and deleting findings: the doctor alone (02 §6). */
  decide: boolean;
};

export function chartPermissions(role: ChartRole): ChartPermissions {
  return { prepare: role === "doctor" || role === "vma", decide: role === "doctor" };
}

/** The chart role of a signed-in user; admins have none (the server answers them 403). */
export function chartRoleOf(role: string): ChartRole | null {
  return role === "doctor" || role === "vma" || role === "patient" ? role : null;
}
