import { useState } from 'react';
import { imageUrl } from '../lib/image';
import { Lightbox } from './lightbox';
import { Picture } from './picture';
import { Slider } from './slider';
import styles from './photo-slider.module.css';

interface PhotoSliderProps {
  photos: readonly { id: number; photo: string }[];
  /** Names the slider and captions the photos, e.g. the film title. */
  caption: string;
  label: string;
  perView: number;
}

/** A slider of photos; choosing one opens it in the viewer (caption, slideshow, download, thumbnails). */
export function PhotoSlider({ photos, caption, label, perView }: PhotoSliderProps) {
  const slides = photos.flatMap((p) => {
    const src = imageUrl(p.photo);
    return src ? [{ id: p.id, photo: p.photo, src, title: caption }] : [];
  });
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <Slider
        items={slides}
        label={label}
        perView={perView}
        getKey={(s) => s.id}
        renderItem={(s, i) => (
          <button
            type="button"
            className={styles.shot}
            onClick={() => setViewing(i)}
            aria-label={`Открыть фото ${i + 1}`}
          >
            <Picture src={s.photo} alt="" width={480} height={320} className={styles.image} />
          </button>
        )}
      />
      <Lightbox slides={slides} index={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
