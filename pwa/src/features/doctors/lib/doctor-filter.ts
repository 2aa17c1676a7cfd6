/** The doctors list's filter, kept in the address (`?state=NV&specialty=…&search=…&order=name&page=2`). */
import { SPECIALTIES } from "../../../../../sync/constants.ts";
import { DOCTORS_ORDERS } from "../../../../../sync/schemas/doctor.ts";
import { US_STATE_CODES, type UsState } from "../../../../../sync/us-states.ts";

/** The filter as read from the address: a state and a specialty the API knows, or none (""). */
export type DoctorFilter = {
  state: UsState | "";
  specialty: (typeof SPECIALTIES)[number] | "";
  search: string;
  order: (typeof DOCTORS_ORDERS)[number];
  offset: number;
};

/** What the address is made from (the pickers' values): checked again when read back (`filterFromParams`). */
export type DoctorFilterInput = Omit<DoctorFilter, "state" | "specialty"> & { state: string; specialty: string };

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** Unknown values are dropped rather than sent (the API would refuse them). */
export function filterFromParams(params: URLSearchParams, pageSize: number): DoctorFilter {
  const state = params.get("state");
  const specialty = params.get("specialty");
  const order = params.get("order");
  const page = Number(params.get("page") ?? "1");
  return {
    state: oneOf(US_STATE_CODES, state) ? state : "",
    specialty: oneOf(SPECIALTIES, specialty) ? specialty : "",
    search: (params.get("search") ?? "").slice(0, 100),
    order: oneOf(DOCTORS_ORDERS, order) ? order : "rating",
    offset: Number.isInteger(page) && page > 1 ? (page - 1) * pageSize : 0,
  };
}

/** The address for a filter; defaults are left out so the plain list is just `/doctors`. */
export function filterToParams(filter: DoctorFilterInput, pageSize: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.state) params.set("state", filter.state);
  if (filter.specialty) params.set("specialty", filter.specialty);
  if (filter.search.trim()) params.set("search", filter.search.trim());
  if (filter.order !== "rating") params.set("order", filter.order);
  const page = Math.floor(filter.offset / pageSize) + 1;
  if (page > 1) params.set("page", String(page));
  return params;
}

/** "4.8 ★" or "No ratings yet". */
export const ratingText = (rating: number | null) => (rating === null ? "No ratings yet" : `${rating.toFixed(1)} of 5`);
