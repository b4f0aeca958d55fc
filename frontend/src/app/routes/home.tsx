import { HomeBanner } from '../../features/films/components/home-banner';
import { NewFilmsStrip } from '../../features/films/components/new-films-strip';
import { AboutCinema } from '../../features/home/components/about-cinema';
import { ScheduleSection } from '../../features/schedule/components/schedule-section';
import { PromotionsCarousel } from '../../features/stocks/components/promotions-carousel';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** The home page (SPEC section 2): about the cinema, banner, new films, schedule, promotions. */
export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <h1 className="visually-hidden">Кинотеатр: афиша и новинки</h1>
      <AboutCinema />
      <HomeBanner />
      <NewFilmsStrip />
      <ScheduleSection />
      <PromotionsCarousel />
    </>
  );
}
