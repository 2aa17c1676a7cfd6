/**
 * Administration's REST calls as TanStack Query hooks. Query keys start with
 * "admin" (or "reports" / "agreements"), so a mutation invalidates its domain.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DoctorStatusChange } from "../../../../sync/schemas/admin.ts";
import { useApi } from "../../lib/app-deps.tsx";
import type { QueryValue } from "../../lib/api/client.ts";
import type { ApiInit, ApiPath } from "../../lib/api/index.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";

/** The query a `GET` route declares. */
export type QueryOf<P extends ApiPath<"GET">> = NonNullable<ApiInit<P, "GET">["query"]>;

export const PAGE_SIZE = 20;

export const adminKeys = {
  all: ["admin"] as const,
  dashboard: () => ["admin", "dashboard"] as const,
  applications: (q: Record<string, QueryValue>) => ["admin", "applications", q] as const,
  admins: (q: Record<string, QueryValue>) => ["admin", "admins", q] as const,
  reviews: (q: Record<string, QueryValue>) => ["admin", "reviews", q] as const,
  contact: (q: Record<string, QueryValue>) => ["admin", "contact", q] as const,
  analytics: (q: Record<string, QueryValue>) => ["admin", "analytics", q] as const,
  agreements: () => ["admin", "agreements"] as const,
  users: (q: { role: string; search: string; offset: number }) => ["admin", "users", q] as const,
};
export const reportKeys = { preview: (q: QueryOf<"/reports">) => ["reports", q] as const };
export const agreementKeys = {
  pending: () => ["agreements", "pending"] as const,
  one: (name: string) => ["agreements", name] as const,
  placement: (p: string) => ["agreements", "placement", p] as const,
};

export const useDashboard = () => {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => api.GET("/admin/dashboard", { signal }) });
};

/** The lists below keep the page shown while the next one loads. */
export const useApplications = (query: QueryOf<"/admin/applications">) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.applications(query),
    queryFn: ({ signal }) => api.GET("/admin/applications", { query, signal }),
    placeholderData: keepPreviousData,
  });
};
export const useAdmins = (query: QueryOf<"/admins/list">, enabled: boolean) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.admins(query),
    queryFn: ({ signal }) => api.GET("/admins/list", { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
export const useReviews = (query: QueryOf<"/admin/reviews">) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.reviews(query),
    queryFn: ({ signal }) => api.GET("/admin/reviews", { query, signal }),
    placeholderData: keepPreviousData,
  });
};
export const useContactQueue = (query: QueryOf<"/admin/contactus">) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.contact(query),
    queryFn: ({ signal }) => api.GET("/admin/contactus", { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAnalytics = (query: QueryOf<"/admin/analytics">) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.analytics(query),
    queryFn: ({ signal }) => api.GET("/admin/analytics", { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useReportPreview = (query: QueryOf<"/reports">, enabled: boolean) => {
  const api = useApi();
  return useQuery({
    queryKey: reportKeys.preview(query),
    queryFn: ({ signal }) => api.GET("/reports", { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useAdminAgreements = () => {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.agreements(), queryFn: ({ signal }) => api.GET("/admin/agreements", { signal }) });
};

/** A mutation that refreshes every admin query when it succeeds. */
export function useAdminMutation<I, O>(run: (input: I) => Promise<O>, extraKeys: readonly (readonly unknown[])[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.all });
      for (const key of extraKeys) await client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useChangeDoctorStatus() {
  const api = useApi();
  return useAdminMutation((input: { id: string; change: DoctorStatusChange }) =>
    api.POST("/doctors/{id}", { path: { id: input.id }, body: input.change })
  );
}

export const money = formatUsd;
export const dateOnly = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: iso.length === 10 ? "UTC" : undefined })
    .format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
