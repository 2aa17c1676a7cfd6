import { describe, expect, it } from "vitest";
import type { Vitals } from "../../../../../sync/schemas/vitals.ts";
import { chartGeometry, describeChart, parseBloodPressure, vitalsCharts } from "./vitals-series.ts";

const reading = (patch: Partial<Vitals>): Vitals => ({
  id: crypto.randomUUID(), patientId: "p", encounterId: null, consultationId: null, bloodPressure: null, heartRate: null,
  weight: null, height: null, bmi: null, temperature: null, respiratoryRate: null, format: "imperial", source: "manual",
  recordedBy: { id: "d", firstName: "Grace", lastName: "Hopper" }, recordedAt: "2026-01-10T15:00:00.000Z", ...patch,
});

describe("vitalsCharts", () => {
  const list = [
    reading({ recordedAt: "2026-02-10T15:00:00.000Z", weight: 176, bmi: 25.3, bloodPressure: "124/82" }),
    reading({ recordedAt: "2026-01-10T15:00:00.000Z", weight: 180, height: 70, bmi: 25.8, bloodPressure: "130/85", heartRate: 72 }),
  ];

  it("draws only the measures that have readings, oldest first, blood pressure as two lines", () => {
    const charts = vitalsCharts(list, "imperial");
    expect(charts.map((c) => c.key)).toEqual(["weight", "bmi", "bloodPressure", "heartRate"]);
    expect(charts[0]).toMatchObject({ title: "Weight", unit: "lbs" });
    expect(charts[0].lines[0].points.map((p) => p.value)).toEqual([180, 176]);
    const bp = charts.find((c) => c.key === "bloodPressure")!;
    expect(bp.lines.map((l) => [l.name, l.points.map((p) => p.value)])).toEqual([["Systolic", [130, 124]], ["Diastolic", [85, 82]]]);
  });

  it("names the metric units", () => {
    const charts = vitalsCharts([reading({ weight: 80, temperature: 37 })], "metric");
    expect(charts.map((c) => c.unit)).toEqual(["kg", "°C"]);
  });

  it("says each line's span, latest value and range", () => {
    const bp = vitalsCharts(list, "imperial").find((c) => c.key === "bloodPressure")!;
    expect(describeChart(bp)).toMatch(/^Systolic: 2 readings from Jan 10, 2026 to Feb 10, 2026; latest 124 mmHg; lowest 124, highest 130\. Diastolic:/);
    const pulse = vitalsCharts(list, "imperial").find((c) => c.key === "heartRate")!;
    expect(describeChart(pulse)).toBe("Pulse: one reading on Jan 10, 2026; latest 72 bpm; lowest 72, highest 72.");
  });
});

describe("chartGeometry", () => {
  const box = { width: 300, height: 100, left: 40, right: 10, top: 10, bottom: 20 };
  it("maps the oldest reading to the left edge, the newest to the right, higher values higher up", () => {
    const [weight] = vitalsCharts([reading({ weight: 180 }), reading({ weight: 170, recordedAt: "2026-03-10T15:00:00.000Z" })], "imperial");
    const g = chartGeometry(weight, box);
    expect(g.x("2026-01-10T15:00:00.000Z")).toBe(40);
    expect(g.x("2026-03-10T15:00:00.000Z")).toBe(290);
    expect(g.y(180)).toBeLessThan(g.y(170));
    expect(g.ticks[0]).toBeGreaterThan(180);
    expect(g.ticks[2]).toBeLessThan(170);
  });
  it("puts a single reading in the middle", () => {
    const [weight] = vitalsCharts([reading({ weight: 150 })], "imperial");
    const g = chartGeometry(weight, box);
    expect(g.x("2026-01-10T15:00:00.000Z")).toBe(165);
    expect(g.y(150)).toBe(45);
  });
});

it("parseBloodPressure", () => {
  expect(parseBloodPressure("120/80")).toEqual([120, 80]);
  expect(parseBloodPressure(null)).toBeNull();
  expect(parseBloodPressure("120-80")).toBeNull();
});
