import { useId } from "react";
import { formatDateTime, formatShortDate } from "../lib/chart-format.ts";
import { type Box, chartGeometry, describeChart, type VitalsChartSpec } from "../lib/vitals-series.ts";

const BOX: Box = { width: 320, height: 170, left: 44, right: 12, top: 12, bottom: 28 };

/**
 * One measure over time as inline SVG: a labelled image whose description says
 * the readings' span, latest value and range (the table beside it lists them all).
 * A second line (diastolic) is dashed, so it does not rely on colour.
 */
export function VitalsChart({ spec, tableId }: { spec: VitalsChartSpec; tableId?: string }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const g = chartGeometry(spec, BOX);
  const plotRight = BOX.width - BOX.right;
  const plotBottom = BOX.height - BOX.bottom;
  return (
    <figure className="vitals-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="vitals-chart__title">{spec.title} ({spec.unit})</figcaption>
      <svg
        className="vitals-chart__svg"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        aria-describedby={tableId}
        data-chart={spec.key}
      >
        <desc id={descId}>{describeChart(spec)}</desc>
        {g.ticks.map((tick) => (
          <g key={tick} className="vitals-chart__grid">
            <line x1={BOX.left} x2={plotRight} y1={g.y(tick)} y2={g.y(tick)} />
            <text x={BOX.left - 6} y={g.y(tick)} dy="0.32em" textAnchor="end">{tick}</text>
          </g>
        ))}
        {g.last === g.first
          ? <text className="vitals-chart__axis" x={g.x(g.first)} y={plotBottom + 18} textAnchor="middle">{formatShortDate(g.first)}</text>
          : (
            <>
              <text className="vitals-chart__axis" x={BOX.left} y={plotBottom + 18} textAnchor="start">{formatShortDate(g.first)}</text>
              <text className="vitals-chart__axis" x={plotRight} y={plotBottom + 18} textAnchor="end">{formatShortDate(g.last)}</text>
            </>
          )}
        {spec.lines.map((line, index) => (
          <g key={line.name} className={`vitals-chart__series vitals-chart__series--${index}`} data-series={line.name}>
            {line.points.length > 1 && (
              <polyline fill="none" points={line.points.map((p) => `${g.x(p.at).toFixed(1)},${g.y(p.value).toFixed(1)}`).join(" ")} />
            )}
            {line.points.map((p) => (
              <circle key={`${p.at}-${p.value}`} cx={g.x(p.at)} cy={g.y(p.value)} r={3.5}>
                <title>{`${line.name} ${p.value} ${spec.unit}, ${formatDateTime(p.at)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      {spec.lines.length > 1 && (
        <ul className="vitals-chart__legend" aria-hidden="true">
          {spec.lines.map((line, index) => (
            <li key={line.name}>
              <svg width="24" height="8" className={`vitals-chart__series vitals-chart__series--${index}`}>
                <line x1="0" x2="24" y1="4" y2="4" />
              </svg>
              {line.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
