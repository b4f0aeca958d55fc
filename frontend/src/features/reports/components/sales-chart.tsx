/** The sales by day as bars (net, roubles): a month's shape reads faster than its table. */
import type { SalesRow } from '@kino/backend/contract';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import styles from './reports.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export function SalesChart({ rows }: { rows: SalesRow[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'>>(undefined);

  useEffect(() => {
    chart.current = new Chart(canvas.current!, {
      type: 'bar',
      data: { labels: [], datasets: [{ label: 'Итого, ₽', data: [], backgroundColor: '#7c4dff' }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true } },
      },
    });
    return () => chart.current?.destroy();
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = rows.map((r) => r.label.slice(0, 5));
    current.data.datasets[0]!.data = rows.map((r) => r.net);
    current.update();
  }, [rows]);

  const best = rows.reduce<SalesRow | undefined>((top, r) => (!top || r.net > top.net ? r : top), undefined);
  const description = best ? `Выручка по дням; больше всего ${best.label}: ${best.net} ₽` : 'Выручка по дням';
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
