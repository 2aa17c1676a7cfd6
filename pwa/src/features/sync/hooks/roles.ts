/** The care team (a doctor or a VMA): the roles whose devices hold the practice's clinical collections. */
export const isTeam = (role: string | undefined): boolean => role === "doctor" || role === "vma";
