/**
 * The cinema's details as the admin keeps them (docs/architecture.md, "The cinema's details"): what the
 * pages, the structured data, the mails and the PDFs derive from them, and the checks of the legal
 * entity's registration numbers. Zod-free, so the public bundle may import it (the schemas are in
 * settings.ts).
 */
import type { CinemaSettings } from './settings';

/**
 * Taxation systems (систем налогообложения) as the cash register's receipt names them (54-FZ; ATOL's
 * `taxationType`, ATOL Online's `sno`: REGISTRIES.md §1.5, §1.9).
 */
export const TAXATION_SYSTEMS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type TaxationSystem = (typeof TAXATION_SYSTEMS)[number];
export const TAXATION_LABELS: Record<TaxationSystem, string> = {
  osn: 'ОСН — общая система',
  usn_income: 'УСН «доходы»',
  usn_income_outcome: 'УСН «доходы минус расходы»',
  esn: 'ЕСХН',
  patent: 'ПСН — патент',
};

/** What a page, a mail or a PDF calls the cinema while no details are saved (a deployment being set up). */
export const UNNAMED_CINEMA = 'Кинотеатр';

/** 'Кинотеатр «Ракета»', or the neutral word before the first setup. */
export const cinemaName = (cinema: CinemaSettings | null | undefined): string => cinema?.name ?? UNNAMED_CINEMA;

/** The address as people read it: 'Москва, ул. Покровка, 42'. */
export const cinemaAddress = (cinema: Pick<CinemaSettings, 'city' | 'street_address'>): string =>
  `${cinema.city}, ${cinema.street_address}`;

/** The phone's digits as a link dials them: '+7 (495) 200-42-42' → 'tel:+74952004242'. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // A Russian number written from 8 is dialled as +7 from anywhere.
  const international = digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
  return `tel:+${international}`;
}

/**
 * The map's origin: the site's Content-Security-Policy allows frames from it (lib/http/security-headers.ts);
 * the address and the point come from the settings.
 */
export const MAP_FRAME_ORIGIN = 'https://yandex.ru';

type Located = Pick<CinemaSettings, 'city' | 'street_address' | 'latitude' | 'longitude'>;

/** Yandex Maps searching for the address (a link that opens the map). */
export const mapsUrl = (cinema: Located): string =>
  `${MAP_FRAME_ORIGIN}/maps/?text=${encodeURIComponent(cinemaAddress(cinema))}`;

/** The embeddable map with a pin at the cinema's coordinates. */
export function mapFrameUrl(cinema: Located): string {
  const point = `${cinema.longitude},${cinema.latitude}`;
  return `${MAP_FRAME_ORIGIN}/map-widget/v1/?ll=${encodeURIComponent(point)}&z=16&pt=${encodeURIComponent(`${point},pm2rdm`)}`;
}

const digitsOf = (text: string) => [...text].map(Number);
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * digits[i]!, 0);

/**
 * An ИНН's check digits (ФНС's algorithm): 10 digits for an organisation, 12 for a person (an ИП). Each
 * check digit is the weighted sum of the digits before it, mod 11, mod 10.
 */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = digitsOf(inn);
  const check = (weights: number[]) => (weighted(d, weights) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/**
 * An ОГРН (13 digits, an organisation) or ОГРНИП (15 digits, an ИП): the number formed by the digits before
 * the last, mod 11 (ОГРН) or mod 13 (ОГРНИП), mod 10, is the last digit. BigInt: 14 digits pass 2^53.
 */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const modulus = ogrn.length === 13 ? 11n : 13n;
  return Number((body % modulus) % 10n) === Number(ogrn.at(-1));
}
