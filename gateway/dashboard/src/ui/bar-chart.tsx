import { useId, type ReactNode } from 'react';

export interface ChartPoint {
  label: string;
  value: number;
  /** A second series drawn inside the first (visitors within visits). */
  inner?: number;
}

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 24;

/**
 * Bars in SVG, scaled to the largest value, with the same figures as a table for screen readers and keyboards: the
 * chart is drawn from the numbers the API answers, nothing interpolated. (docs/dashboard.md#charts says why it is
 * drawn here rather than by a chart library: the 300 KB budget.)
 */
export function BarChart(props: { title: string; points: readonly ChartPoint[]; valueName: string; innerName?: string }): ReactNode {
  const { title, points, valueName, innerName } = props;
  const id = useId();
  const top = Math.max(1, ...points.map((point) => point.value));
  const slot = (WIDTH - AXIS) / Math.max(1, points.length);
  const bar = Math.max(4, slot * 0.7);
  const heightOf = (value: number) => ((HEIGHT - AXIS) * value) / top;
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-table`}>
        <line className="chart-axis" x1={AXIS} y1={HEIGHT - AXIS} x2={WIDTH} y2={HEIGHT - AXIS} />
        <text className="chart-scale" x={AXIS - 4} y={12} textAnchor="end">
          {top}
        </text>
        {points.map((point, index) => {
          const x = AXIS + index * slot + (slot - bar) / 2;
          const y = HEIGHT - AXIS - heightOf(point.value);
          return (
            <g key={`${point.label}-${index}`}>
              <rect className="chart-bar" x={x} y={y} width={bar} height={heightOf(point.value)}>
                <title>{`${point.label}: ${point.value} ${valueName}`}</title>
              </rect>
              {point.inner !== undefined && (
                <rect
                  className="chart-bar-inner"
                  x={x + bar / 4}
                  y={HEIGHT - AXIS - heightOf(point.inner)}
                  width={bar / 2}
                  height={heightOf(point.inner)}
                />
              )}
              <text className="chart-label" x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle">
                {point.label}
              </text>
            </g>
          );
        })}
      </svg>
      {/* A table is never narrower than its content: the box around it is what is hidden. */}
      <div className="visually-hidden">
        <table id={`${id}-table`}>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{valueName}</th>
              {innerName && <th scope="col">{innerName}</th>}
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={`${point.label}-${index}`}>
                <th scope="row">{point.label}</th>
                <td>{point.value}</td>
                {innerName && <td>{point.inner ?? 0}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
