/**
 * /admin/dashboard/prices: seat zones (name, colour), ticket types and their rules, price cards (zone × ticket type),
 * and the rules that suggest a card for a session's day and time. Editing prices never changes an
 * order already made: the server keeps each sold line's breakdown.
 */
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { PriceCardsSection } from './price-cards-section';
import { PriceRulesSection } from './price-rules-section';
import { SeatZonesSection } from './seat-zones-section';
import { TicketTypesSection } from './ticket-types-section';
import styles from './prices.module.css';

export function PricesPage() {
  useDocumentTitle('Цены');
  return (
    <div className={styles.page}>
      <h1>Цены</h1>
      <SeatZonesSection />
      <TicketTypesSection />
      <PriceCardsSection />
      <PriceRulesSection />
    </div>
  );
}
