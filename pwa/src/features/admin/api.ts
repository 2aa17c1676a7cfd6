/**
 * Administration's REST calls as TanStack Query hooks. Query keys start with
 * "admin" (or "reports" / "agreements"), so a mutation invalidates its domain.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListResult } from "../../../../sync/envelope.ts";
import type {
  AdminView,
  AgreementView,
  AnalyticsResult,
  ApplicationView,
  DashboardFigures,
  DoctorStatusChange,
  ReportResult,
  ReviewView,
} from "../../../../sync/schemas/admin.ts";
import type { ContactMessageView } from "../../../../sync/schemas/contact-us.ts";
import { useApi } from "../../lib/app-deps.tsx";
import type { QueryValue } from "../../lib/api/client.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";

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
export const reportKeys = { preview: (q: Record<string, QueryValue>) => ["reports", q] as const };
export const agreementKeys = {
  pending: () => ["agreements", "pending"] as const,
  one: (name: string) => ["agreements", name] as const,
  placement: (p: string) => ["agreements", "placement", p] as const,
};

function useList<T>(key: readonly unknown[], path: string, query: Record<string, QueryValue>, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ListResult<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useDashboard = () => {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => api.get<DashboardFigures>("/admin/dashboard", { signal }) });
};

export const useApplications = (q: Record<string, QueryValue>) =>
  useList<ApplicationView>(adminKeys.applications(q), "/admin/applications", q);
export const useAdmins = (q: Record<string, QueryValue>, enabled: boolean) =>
  useList<AdminView>(adminKeys.admins(q), "/admins/list", q, enabled);
export const useReviews = (q: Record<string, QueryValue>) => useList<ReviewView>(adminKeys.reviews(q), "/admin/reviews", q);
export const useContactQueue = (q: Record<string, QueryValue>) =>
  useList<ContactMessageView>(adminKeys.contact(q), "/admin/contactus", q);

export const useAnalytics = (q: Record<string, QueryValue>) => {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.analytics(q),
    queryFn: ({ signal }) => api.get<AnalyticsResult>("/admin/analytics", { query: q, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useReportPreview = (q: Record<string, QueryValue>, enabled: boolean) => {
  const api = useApi();
  return useQuery({
    queryKey: reportKeys.preview(q),
    queryFn: ({ signal }) => api.get<ReportResult>("/reports", { query: q, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useAdminAgreements = () => {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.agreements(), queryFn: ({ signal }) => api.get<AgreementView[]>("/admin/agreements", { signal }) });
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
    api.post<ApplicationView>(`/doctors/${encodeURIComponent(input.id)}`, input.change)
  );
}

export const money = formatUsd;
export const dateOnly = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: iso.length === 10 ? "UTC" : undefined })
    .format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
