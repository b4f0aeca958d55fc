/**
 * The demo cinema's details, written into the settings by the seed (the admin edits them in the back
 * office). MADE UP for the demo: the address, coordinates, phone, hours, directions, parking, halls and
 * the legal entity (its ИНН and ОГРН only pass the check digits) belong to no real cinema.
 */
import type { CinemaSettings } from '../../contract/settings';

export const DEMO_CINEMA: CinemaSettings = {
  name: 'Кинотеатр «Ракета»',
  short_name: 'Ракета',
  city: 'Москва',
  street_address: 'ул. Покровка, 42',
  postal_code: '101000',
  latitude: 55.7594,
  longitude: 37.6481,
  phone: '+7 (495) 200-42-42',
  email: 'hello@kino-raketa.ru',
  // Closing after midnight: the last sessions end then.
  opens: '09:00',
  closes: '01:00',
  directions: [
    'Метро «Китай-город», выход № 9 на Покровку, 7 минут пешком',
    'Метро «Чистые пруды» или «Курская», 12 минут пешком',
    'Трамваи «А» и 3, остановка «Покровские ворота»',
  ],
  parking: 'Городская платная парковка вдоль Покровки; бесплатно 2 часа во дворе дома 42 по билету в кино',
  social: [
    { name: 'ВКонтакте', url: 'https://vk.com/kino_raketa' },
    { name: 'Telegram', url: 'https://t.me/kino_raketa' },
  ],
  halls: [
    { name: 'Зал 1', about: 'IMAX и 3D, звук Dolby Atmos' },
    { name: 'Зал 2', about: '2D и 3D' },
    { name: 'Зал 3', about: 'VIP-кресла, диваны и места для колясок' },
    { name: 'Зал 4', about: 'Камерный зал, 2D' },
  ],
  legal_name: 'ООО «Ракета Синема»',
  inn: '7709424242',
  ogrn: '1027709424247',
  legal_address: '101000, Москва, ул. Покровка, 42, помещение 1',
  taxation: 'usn_income',
};
