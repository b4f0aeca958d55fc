/**
 * Sliders and carousels: SPEC's "N per view, 50 px apart" on wide screens, fewer on phones; an
 * empty one says 'Кажется, здесь пусто...'. The slides render at once as a scrollable row of the
 * same geometry; as the slider nears the screen, swiper (arrow buttons, swiping) is loaded and
 * attached to that same markup. Neither its code nor its set-up is on the page's critical path,
 * and no slide is re-created under the viewer's pointer.
 */
import { useEffect, useRef, type CSSProperties, type Key, type ReactNode } from 'react';
import { useNearViewport } from '../lib/use-near-viewport';
import styles from './slider.module.css';

export const EMPTY_SLIDER_TEXT = 'Кажется, здесь пусто...';

export interface SliderProps<T> {
  items: readonly T[];
  /** Names the slider for screen readers, e.g. 'Актёры'. */
  label: string;
  /** Slides per view on a wide screen (SPEC: actors 5, others 3). */
  perView: number;
  /** Gap on a wide screen, px (SPEC: 50). */
  spaceBetween?: number;
  getKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
}

/** Where the layout changes, px of window width: the same for the row's CSS and for swiper. */
export const BREAKPOINTS = { tablet: 600, desktop: 1000 } as const;

export type SliderLayout = Record<'phone' | keyof typeof BREAKPOINTS, { perView: number; spaceBetween: number }>;

/** Slides per view and gap per screen size: a phone shows about half of what a desktop does. */
export function sliderLayout(perView: number, spaceBetween: number): SliderLayout {
  return {
    phone: { perView: Math.min(perView, Math.max(1.2, perView / 2.2)), spaceBetween: 16 },
    tablet: { perView: Math.min(perView, Math.max(2, perView / 1.5)), spaceBetween: 24 },
    desktop: { perView, spaceBetween },
  };
}

export function Slider<T>({ items, label, perView, spaceBetween = 50, getKey, renderItem }: SliderProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const layout = sliderLayout(perView, spaceBetween);
  const layoutKey = JSON.stringify(layout);
  const itemsKey = items.map(getKey).join(',');

  useEffect(() => {
    const container = box.current;
    if (!near || !container) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    void import('./swiper-setup').then(({ attachSwiper }) => {
      if (!cancelled) detach = attachSwiper(container, JSON.parse(layoutKey) as SliderLayout, label);
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [near, layoutKey, label, itemsKey]);

  if (items.length === 0) return <p className={styles.empty}>{EMPTY_SLIDER_TEXT}</p>;
  const vars = Object.fromEntries(
    Object.entries(layout).flatMap(([size, l]) => [
      [`--per-view-${size}`, l.perView],
      [`--gap-${size}`, `${l.spaceBetween}px`],
    ]),
  ) as CSSProperties;
  return (
    // A group, not a landmark: the titled section around it is the landmark (one per name, axe's landmark-unique).
    <div
      ref={box}
      className={`swiper ${styles.slider}`}
      style={vars}
      role="group"
      aria-roledescription="карусель"
      aria-label={label}
    >
      {/* Divs, not a list: swiper gives the slides the role of groups. */}
      <div className={`swiper-wrapper ${styles.row}`}>
        {items.map((item, index) => (
          <div key={getKey(item)} className={`swiper-slide ${styles.cell}`}>
            {renderItem(item, index)}
          </div>
        ))}
      </div>
    </div>
  );
}
