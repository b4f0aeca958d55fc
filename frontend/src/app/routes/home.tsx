import { HomeBanner } from '../../features/films/components/home-banner';
import { NewFilmsStrip } from '../../features/films/components/new-films-strip';
import { AboutCinema } from '../../features/home/components/about-cinema';
import { ScheduleSection } from '../../features/schedule/components/schedule-section';
import { PromotionsCarousel } from '../../features/stocks/components/promotions-carousel';
import { useSchedules } from '../../features/schedule/api/schedules';
import { billInWords, nextBillDay } from '../../features/schedule/lib/showings';
import { useCinemaNow } from '../../features/schedule/lib/use-cinema-now';
import { useBanner } from '../../features/films/api/films';
import { cinemaName } from '@kino/backend/contract';
import { useCinema } from '../../shared/cinema/use-cinema';
import { firstFilmPicture, usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';
import { JsonLd } from '../../shared/seo/json-ld';
import { filmList } from '../../shared/seo/structured-data';
import { useSeoSite } from '../../shared/seo/use-seo-site';

/** The home page (docs/product.md §2): about the cinema, banner, new films, schedule, promotions. */
export default function HomePage() {
  const site = useSeoSite();
  const cinema = cinemaName(useCinema());
  const now = useCinemaNow();
  // The bill (the schedule block's own read): the films on it, for search engines and link previews.
  const bill = useSchedules();
  // The preview shows the first film the description names (the banner's when nothing is coming).
  const banner = useBanner();
  const day = bill.data && nextBillDay(bill.data, now);
  usePageMeta({
    description: summary(
      `${(bill.data && billInWords(bill.data, now)) ?? 'Афиша скоро появится'}. ${cinema}: расписание сеансов, цены и билеты онлайн.`,
    ),
    image: (day && firstFilmPicture(day.films)) ?? banner.data?.promo_img,
  });
  return (
    <>
      <h1 className="visually-hidden">Кинотеатр: афиша и новинки</h1>
      <AboutCinema />
      <HomeBanner />
      <NewFilmsStrip />
      <ScheduleSection />
      <PromotionsCarousel />
      {bill.data && site && <JsonLd data={filmList(site, bill.data)} />}
    </>
  );
}
