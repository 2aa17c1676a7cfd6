import { useState } from "react";
import { ANALYTICS_GRANULARITIES } from "../../../../../sync/schemas/admin.ts";
import { QueryState, Select, TextField } from "../../../ui/index.ts";
import { useAnalytics } from "../api.ts";
import { AnalyticsChart } from "../components/AnalyticsChart.tsx";

const PERIODS = [
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
  { value: "custom", label: "Custom" },
];
const GRANULARITY_LABELS: Record<string, string> = { day: "By day", week: "By week", month: "By month" };
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

/**
 * `/admin/analytics` (loaded on its own, with the chart library): sign-ups,
 * consultations and messages over time; memberships and revenue when commerce exists.
 */
export default function AnalyticsPage() {
  const [period, setPeriod] = useState("90");
  const [from, setFrom] = useState(daysAgo(90));
  const [to, setTo] = useState(isoDay(new Date()));
  const [granularity, setGranularity] = useState<(typeof ANALYTICS_GRANULARITIES)[number]>("week");
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const range = period === "custom" ? { from, to } : { from: daysAgo(Number(period)), to: isoDay(new Date()) };
  const analytics = useAnalytics({ ...range, granularity, timezone });

  return (
    <div className="stack">
      <title>Analytics · DPC Telehealth</title>
      <h1>Analytics</h1>
      <form className="form-grid form-grid--two" aria-label="Period" onSubmit={(e) => e.preventDefault()}>
        <Select label="Period" value={period} options={PERIODS} onChange={setPeriod} />
        <Select label="Granularity" value={granularity}
          options={ANALYTICS_GRANULARITIES.map((g) => ({ value: g, label: GRANULARITY_LABELS[g] }))}
          onChange={(v) => setGranularity(ANALYTICS_GRANULARITIES.find((g) => g === v) ?? "week")} />
        {period === "custom" && (
          <>
            <TextField label="From" type="date" value={from} onChange={setFrom} />
            <TextField label="To" type="date" value={to} onChange={setTo} />
          </>
        )}
      </form>
      <div className="stack" aria-busy={analytics.isFetching} aria-live="polite">
        <QueryState label="analytics" isPending={analytics.isPending} error={analytics.error} refetch={() => void analytics.refetch()}
          empty={false} emptyTitle="">
          {analytics.data?.charts.map((chart) => <AnalyticsChart key={chart.id} chart={chart} />)}
          {analytics.data && !analytics.data.commerce && (
            <p className="muted">Memberships, churn, revenue and platform fees are not charted yet (the dashboard shows this month's totals).</p>
          )}
        </QueryState>
      </div>
    </div>
  );
}
