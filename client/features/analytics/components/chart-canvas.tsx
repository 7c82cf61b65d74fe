import type { ChartData, ChartOptions } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { SERIES_COLORS } from '@/features/analytics/lib/chart-setup';

export interface ChartSeries {
  label: string;
  data: (number | null)[];
}

export interface ChartCanvasProps {
  type: 'bar' | 'line' | 'doughnut';
  labels: string[];
  series: ChartSeries[];
  /** what the chart shows, for screen readers (the table beside it has the figures) */
  summary: string;
  /** bars stacked on one another */
  stacked?: boolean;
  height?: number;
}

/**
 * chart.js sizes its canvas from this box: positioned, given the width of its column and allowed
 * to shrink below the canvas's last size (a grid item's minimum is its content's width otherwise,
 * which kept a phone's page 6 px too wide).
 */
const BOX = 'relative w-full min-w-0';

/**
 * One canvas chart of the reports (chart.js, loaded lazily with this module). A canvas is an
 * image to assistive technology: it carries a summary, and each chart card has the table.
 */
export default function ChartCanvas(props: ChartCanvasProps) {
  const { type, labels, series, summary, stacked = false, height = 220 } = props;
  const a11y = { role: 'img', 'aria-label': summary } as const;
  if (type === 'doughnut') {
    const data: ChartData<'doughnut'> = {
      labels,
      datasets: [
        {
          data: series[0]?.data.map((v) => v ?? 0) ?? [],
          backgroundColor: labels.map((_, i) => SERIES_COLORS[i % SERIES_COLORS.length]!),
        },
      ],
    };
    const options: ChartOptions<'doughnut'> = {
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { position: 'bottom' } },
    };
    return (
      <div className={BOX} style={{ height }}>
        <Doughnut data={data} options={options} {...a11y} />
      </div>
    );
  }
  const datasets = series.map((s, i) => {
    const color = SERIES_COLORS[i % SERIES_COLORS.length]!;
    return { label: s.label, data: s.data, backgroundColor: color, borderColor: color };
  });
  const scales = {
    x: { stacked },
    y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
  };
  const plugins = { legend: { display: series.length > 1, position: 'bottom' as const } };
  if (type === 'line') {
    const options: ChartOptions<'line'> = {
      maintainAspectRatio: false,
      animation: false,
      spanGaps: true,
      scales,
      plugins,
    };
    return (
      <div className={BOX} style={{ height }}>
        <Line data={{ labels, datasets }} options={options} {...a11y} />
      </div>
    );
  }
  const options: ChartOptions<'bar'> = {
    maintainAspectRatio: false,
    animation: false,
    scales,
    plugins,
  };
  return (
    <div className={BOX} style={{ height }}>
      <Bar data={{ labels, datasets }} options={options} {...a11y} />
    </div>
  );
}
