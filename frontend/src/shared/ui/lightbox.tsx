/**
 * The image viewer, loaded only when first opened: pages that offer it (schedule posters, film
 * photos, person photos) do not carry it in their initial JavaScript.
 */
import { lazy, Suspense } from 'react';

export interface LightboxSlide {
  /** A ready URL (after imageUrl). */
  src: string;
  /** The caption, e.g. the film title. */
  title?: string;
  alt?: string;
}

export interface LightboxProps {
  slides: readonly LightboxSlide[];
  /** The slide to show; null keeps the viewer closed (and unloaded). */
  index: number | null;
  onClose: () => void;
}

const LightboxView = lazy(() => import('./lightbox-view'));

export function Lightbox({ slides, index, onClose }: LightboxProps) {
  if (index === null || slides.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LightboxView slides={slides} index={index} onClose={onClose} />
    </Suspense>
  );
}
