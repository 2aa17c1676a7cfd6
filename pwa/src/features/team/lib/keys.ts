/** TanStack Query keys of the team domain (issue 17). */
export const teamKeys = {
  vmas: ["vmas"] as const,
  vmaDoctors: ["vmas", "doctors"] as const,
  tasks: (area: string, filter: unknown) => ["tasks", area, filter] as const,
  taskCount: (area: string) => ["tasks", area, "count"] as const,
  assignees: (area: string) => ["tasks", area, "assignees"] as const,
  macros: ["macros"] as const,
  contacts: (params: unknown) => ["contacts", params] as const,
  contactOptions: (search: string, kind: string) => ["contacts", "dropdown", search, kind] as const,
};

/** Overdue (a decision of issue 17, pwa/docs/team.md): open, and its due day is before today where the user is. */
export function isOverdue(task: { status: string; dueDate: string | null }, now = new Date()): boolean {
  if (task.status !== "open" || !task.dueDate) return false;
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return task.dueDate < today;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
