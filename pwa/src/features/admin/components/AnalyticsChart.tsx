import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsChart as Chart } from "../../../../../sync/schemas/admin.ts";
import { DataTable } from "../../../ui/index.ts";
import { money } from "../api.ts";

const COLORS = ["#0063a8", "#c2410c", "#15803d", "#7e22ce", "#a16207"];

const fmt = (chart: Chart, v: number) => (chart.unit === "cents" ? money(v) : new Intl.NumberFormat("en-US").format(v));

/**
 * One chart (recharts, with its keyboard accessibility layer) and the same
 * figures as a table, the alternative for screen readers and for reading exact values.
 */
export function AnalyticsChart({ chart }: { chart: Chart }) {
  const data = chart.buckets.map((bucket, i) => ({
    bucket,
    ...Object.fromEntries(chart.series.map((s) => [s.key, s.values[i]])),
  }));
  const total = (key: string) => chart.series.find((s) => s.key === key)!.values.reduce((a, b) => a + b, 0);
  return (
    <section className="card stack" aria-labelledby={`chart-${chart.id}`}>
      <h2 id={`chart-${chart.id}`}>{chart.title}</h2>
      <figure className="admin-chart" aria-hidden="true" style={{ margin: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="bucket" />
            <YAxis allowDecimals={false} tickFormatter={(v: number) => fmt(chart, v)} width={chart.unit === "cents" ? 80 : 40} />
            <Tooltip formatter={(v) => fmt(chart, Number(v))} />
            <Legend />
            {chart.series.map((s, i) => <Bar key={s.key} dataKey={s.key} name={s.label} stackId="a" fill={COLORS[i % COLORS.length]} />)}
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <details>
        <summary>Show the figures as a table</summary>
        <DataTable caption={`${chart.title} by period`} columns={["Period starting", ...chart.series.map((s) => s.label)]}
          foot={
            <tr>
              <th scope="row">Total</th>
              {chart.series.map((s) => <td key={s.key}>{fmt(chart, total(s.key))}</td>)}
            </tr>
          }>
          {data.map((row, i) => (
            <tr key={row.bucket}>
              <th scope="row">{row.bucket}</th>
              {chart.series.map((s) => <td key={s.key}>{fmt(chart, s.values[i])}</td>)}
            </tr>
          ))}
        </DataTable>
      </details>
    </section>
  );
}
