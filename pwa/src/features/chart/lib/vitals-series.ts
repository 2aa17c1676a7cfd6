/**
 * Vitals as series over time for the charts (weight, BMI, blood pressure, pulse,
 * temperature, respiratory rate), with the units of the chosen format, and the
 * geometry that maps them onto an SVG. Pure, so it is tested without a browser.
 */
import type { Vitals, VITALS_FORMATS } from "../../../../../sync/schemas/vitals.ts";
import { formatDate } from "./chart-format.ts";

export type VitalsFormat = (typeof VITALS_FORMATS)[number];
export type SeriesPoint = { at: string; value: number };
export type SeriesLine = { name: string; points: SeriesPoint[] };
export type VitalsChartSpec = { key: string; title: string; unit: string; lines: SeriesLine[] };

/** Units of each measure as the server answers them in `format`. */
export function vitalsUnits(format: VitalsFormat) {
  const metric = format === "metric";
  return {
    bloodPressure: "mmHg",
    heartRate: "bpm",
    weight: metric ? "kg" : "lbs",
    height: metric ? "cm" : "in",
    bmi: "kg/m²",
    temperature: metric ? "°C" : "°F",
    respiratoryRate: "breaths/min",
  } as const;
}

/** "120/80" → [120, 80]; anything else → null. */
export function parseBloodPressure(bp: string | null): [number, number] | null {
  const m = bp ? /^(\d+)\/(\d+)$/.exec(bp) : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The charts worth drawing: one per measure that has at least one reading, oldest reading first. */
export function vitalsCharts(list: readonly Vitals[], format: VitalsFormat): VitalsChartSpec[] {
  const units = vitalsUnits(format);
  const sorted = [...list].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  const pick = (name: string, value: (v: Vitals) => number | null | undefined): SeriesLine => ({
    name,
    points: sorted.flatMap((v) => {
      const n = value(v);
      return typeof n === "number" && Number.isFinite(n) ? [{ at: v.recordedAt, value: n }] : [];
    }),
  });
  const specs: VitalsChartSpec[] = [
    { key: "weight", title: "Weight", unit: units.weight, lines: [pick("Weight", (v) => v.weight)] },
    { key: "bmi", title: "BMI", unit: units.bmi, lines: [pick("BMI", (v) => v.bmi)] },
    {
      key: "bloodPressure",
      title: "Blood pressure",
      unit: units.bloodPressure,
      lines: [
        pick("Systolic", (v) => parseBloodPressure(v.bloodPressure)?.[0]),
        pick("Diastolic", (v) => parseBloodPressure(v.bloodPressure)?.[1]),
      ],
    },
    { key: "heartRate", title: "Pulse", unit: units.heartRate, lines: [pick("Pulse", (v) => v.heartRate)] },
    { key: "temperature", title: "Temperature", unit: units.temperature, lines: [pick("Temperature", (v) => v.temperature)] },
    { key: "respiratoryRate", title: "Respiratory rate", unit: units.respiratoryRate, lines: [pick("Respiratory rate", (v) => v.respiratoryRate)] },
  ];
  return specs.filter((s) => s.lines.some((l) => l.points.length > 0));
}

export type Box = { width: number; height: number; left: number; right: number; top: number; bottom: number };

/** Scales of one chart: time across, values up; a flat or single reading sits in the middle. */
export function chartGeometry(spec: VitalsChartSpec, box: Box) {
  const points = spec.lines.flatMap((l) => l.points);
  const times = points.map((p) => Date.parse(p.at));
  const values = points.map((p) => p.value);
  const t0 = Math.min(...times), t1 = Math.max(...times);
  let v0 = Math.min(...values), v1 = Math.max(...values);
  const pad = v1 === v0 ? Math.max(1, Math.abs(v0) * 0.05) : (v1 - v0) * 0.1;
  v0 -= pad;
  v1 += pad;
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (at: string) => t1 === t0 ? box.left + plotW / 2 : box.left + ((Date.parse(at) - t0) / (t1 - t0)) * plotW;
  const y = (value: number) => box.top + (1 - (value - v0) / (v1 - v0)) * plotH;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    x,
    y,
    /** Value labels of the axis, top to bottom. */
    ticks: [round(v1), round((v0 + v1) / 2), round(v0)],
    first: new Date(t0).toISOString(),
    last: new Date(t1).toISOString(),
  };
}

/** What a screen reader hears for a chart: the number of readings, their span, the latest and the range of each line. */
export function describeChart(spec: VitalsChartSpec): string {
  return spec.lines.filter((l) => l.points.length > 0).map((line) => {
    const values = line.points.map((p) => p.value);
    const latest = line.points.at(-1)!;
    const span = line.points.length === 1
      ? `one reading on ${formatDate(latest.at)}`
      : `${line.points.length} readings from ${formatDate(line.points[0].at)} to ${formatDate(latest.at)}`;
    return `${line.name}: ${span}; latest ${latest.value} ${spec.unit}; lowest ${Math.min(...values)}, highest ${Math.max(...values)}.`;
  }).join(" ");
}
