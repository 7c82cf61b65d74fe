import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Only what the reports draw (bars, lines, a doughnut, their scales, legend and tooltip) is
 * registered, so the rest of chart.js is shaken out. Only the lazily loaded chart component
 * imports this module: chart.js stays in a chunk of its own, fetched with the first chart.
 */
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** The product's colours (client/index.css), one per series. */
export const SERIES_COLORS = ['#0b3d5c', '#9acc00', '#d97706', '#7c3aed', '#0891b2', '#be123c'];
