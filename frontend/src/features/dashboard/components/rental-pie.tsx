/** SPEC's pie: films in rental and not, size 250, radius 65, two colours. */
import { ArcElement, Chart, PieController, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import styles from './dashboard.module.css';

Chart.register(PieController, ArcElement, Tooltip);

const SIZE = 250;
const RADIUS = 65;
const COLOURS = ['#7c4dff', '#ffb74d'];

export function RentalPie({ slices }: { slices: { name: string; value: number }[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'pie'>>(undefined);

  useEffect(() => {
    chart.current = new Chart(canvas.current!, {
      type: 'pie',
      data: { labels: [], datasets: [{ data: [], backgroundColor: COLOURS, borderWidth: 0 }] },
      options: { radius: RADIUS, responsive: false, animation: false, plugins: { legend: { display: false } } },
    });
    return () => chart.current?.destroy();
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = slices.map((s) => s.name);
    current.data.datasets[0]!.data = slices.map((s) => s.value);
    current.update();
  }, [slices]);

  const description = slices.map((s) => `${s.name}: ${s.value}`).join(', ');
  return (
    <figure className={styles.pie}>
      <canvas ref={canvas} width={SIZE} height={SIZE} role="img" aria-label={`Фильмы — ${description}`} />
      <figcaption>
        <ul className={styles.legend}>
          {slices.map((slice, i) => (
            <li key={slice.name}>
              <span className={styles.swatch} style={{ background: COLOURS[i] }} aria-hidden="true" />
              {slice.name}: <strong>{slice.value}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
