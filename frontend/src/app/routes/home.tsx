import { HomeBanner } from '../../features/films/components/home-banner';
import { NewFilmsStrip } from '../../features/films/components/new-films-strip';
import { AboutCinema } from '../../features/home/components/about-cinema';
import { ScheduleSection } from '../../features/schedule/components/schedule-section';
import { PromotionsCarousel } from '../../features/stocks/components/promotions-carousel';
import { useSchedules } from '../../features/schedule/api/schedules';
import { useDocumentTitle } from '../../shared/lib/page-meta';
import { JsonLd } from '../../shared/seo/json-ld';
import { filmList } from '../../shared/seo/structured-data';
import { useSiteUrl } from '../../shared/ssr/server-render';

/** The home page (docs/product.md §2): about the cinema, banner, new films, schedule, promotions. */
export default function HomePage() {
  useDocumentTitle();
  const site = useSiteUrl();
  // The bill (the schedule block's own read): the films on it, for search engines.
  const bill = useSchedules();
  return (
    <>
      <h1 className="visually-hidden">Кинотеатр: афиша и новинки</h1>
      <AboutCinema />
      <HomeBanner />
      <NewFilmsStrip />
      <ScheduleSection />
      <PromotionsCarousel />
      {bill.data && <JsonLd data={filmList(site, bill.data)} />}
    </>
  );
}
