import YetAnotherLightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Download from 'yet-another-react-lightbox/plugins/download';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import type { LightboxProps } from './lightbox';

/** docs/product.md §9: the slideshow turns every 3 seconds. */
const SLIDESHOW_DELAY_MS = 3000;

const LABELS = {
  Previous: 'Предыдущее',
  Next: 'Следующее',
  Close: 'Закрыть',
  Download: 'Скачать',
  Play: 'Слайд-шоу',
  Pause: 'Остановить слайд-шоу',
  'Show thumbnails': 'Показать миниатюры',
  'Hide thumbnails': 'Скрыть миниатюры',
  'Show captions': 'Показать подписи',
  'Hide captions': 'Скрыть подписи',
  Thumbnails: 'Миниатюры',
  Caption: 'Подпись',
  Slide: 'изображение',
  Carousel: 'карусель',
  Lightbox: 'Просмотр изображений',
  'Photo gallery': 'Галерея',
  '{index} of {total}': '{index} из {total}',
};

/** Toolbar: slideshow, download, thumbnails, close; the caption is the slide's title. */
export default function LightboxView({ slides, index, onClose }: LightboxProps & { index: number }) {
  return (
    <YetAnotherLightbox
      open
      index={index}
      close={onClose}
      slides={slides.map((s) => ({ src: s.src, alt: s.alt ?? s.title, title: s.title, download: s.src }))}
      plugins={[Captions, Slideshow, Download, Thumbnails]}
      slideshow={{ delay: SLIDESHOW_DELAY_MS }}
      labels={LABELS}
      carousel={{ finite: slides.length <= 1 }}
      render={slides.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
    />
  );
}
