import type { DoctorFilter } from "./lib/doctor-filter.ts";

/** TanStack Query keys of the doctors feature. */
export const doctorKeys = {
  all: ["doctors"] as const,
  /** `GET /doctors`: a page of listed doctors for a filter. */
  list: (filter: DoctorFilter) => ["doctors", "list", filter] as const,
  /** `GET /doctors/{id}`: a listed doctor's card. */
  card: (id: string) => ["doctors", id, "card"] as const,
  /** `GET /users/{id}`: what anyone may see of a doctor. */
  profile: (id: string) => ["doctors", id, "profile"] as const,
  /** `GET /doctors/{id}/reviews`. */
  reviews: (id: string) => ["doctors", id, "reviews"] as const,
};
