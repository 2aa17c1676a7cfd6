import { ComingSoon } from "../../../ui/index.ts";

/** `/doctors`: the public list of doctors, ordered by rating (a later issue). */
export function DoctorsPage() {
  return (
    <ComingSoon
      title="Find a doctor"
      description="Browse US-licensed doctors in family practice, internal medicine and med/peds, ordered by rating, and filter by your state."
    />
  );
}
