/** Swiper attached to a slider's markup (loaded only when a slider nears the screen). */
import Swiper from 'swiper';
import { A11y, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import { BREAKPOINTS, type SliderLayout } from './slider';

const A11Y = {
  prevSlideMessage: 'Назад',
  nextSlideMessage: 'Вперёд',
  firstSlideMessage: 'Это первый слайд',
  lastSlideMessage: 'Это последний слайд',
  slideLabelMessage: '{{index}} из {{slidesLength}}',
  itemRoleDescriptionMessage: 'слайд',
};

/**
 * Arrow buttons (focusable, Enter or Space) and swiping; Tab reaches every slide's link and brings its
 * slide into view. No global arrow-key control: it would move every slider on the screen at once.
 * Returns the detach function.
 */
export function attachSwiper(container: HTMLElement, layout: SliderLayout, label: string): () => void {
  const swiper = new Swiper(container, {
    modules: [Navigation, A11y],
    createElements: true,
    navigation: true,
    a11y: { ...A11Y, containerMessage: label, containerRoleDescriptionMessage: 'карусель' },
    slidesPerView: layout.phone.perView,
    spaceBetween: layout.phone.spaceBetween,
    breakpoints: {
      [BREAKPOINTS.tablet]: { slidesPerView: layout.tablet.perView, spaceBetween: layout.tablet.spaceBetween },
      [BREAKPOINTS.desktop]: { slidesPerView: layout.desktop.perView, spaceBetween: layout.desktop.spaceBetween },
    },
  });
  return () => swiper.destroy(true, true);
}
