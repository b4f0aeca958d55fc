/**
 * The settings screen's form over the contract's schema: the lists (directions, social links, halls) are
 * typed one item a line — 'ВКонтакте | https://vk.com/…', 'Зал 1 | IMAX и 3D' — and checked by the same
 * item schemas the server applies to the arrays it receives.
 */
import {
  checkLegalIds,
  CinemaSettingsFieldsSchema,
  type CinemaSettings,
  type TaxationSystem,
} from '@kino/backend/contract';
import { z } from 'zod';

const fields = CinemaSettingsFieldsSchema.shape;
const LIST_TEXT_MAX = 10_000;

/** The non-empty lines of a text, trimmed. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** 'Название | остальное' → ['Название', 'остальное'] (the rest '' without a bar). */
function pairOf(line: string): [string, string] {
  const bar = line.indexOf('|');
  return bar < 0 ? [line, ''] : [line.slice(0, bar).trim(), line.slice(bar + 1).trim()];
}

const listText = <T extends z.ZodType>(toItems: (lines: string[]) => unknown, items: T) =>
  z.string().max(LIST_TEXT_MAX, 'Слишком длинный список').transform(linesOf).transform(toItems).pipe(items);

export const CinemaSettingsFormSchema = CinemaSettingsFieldsSchema.extend({
  directions: listText((lines) => lines, fields.directions),
  social: listText((lines) => lines.map(pairOf).map(([name, url]) => ({ name, url })), fields.social),
  halls: listText((lines) => lines.map(pairOf).map(([name, about]) => ({ name, about })), fields.halls),
}).superRefine(checkLegalIds);

type FormValues = { [K in Exclude<keyof z.input<typeof CinemaSettingsFormSchema>, 'taxation'>]: string } & {
  /** Unchosen on a first setup. */
  taxation: TaxationSystem | undefined;
};

const EMPTY: FormValues = {
  name: '',
  short_name: '',
  city: '',
  street_address: '',
  postal_code: '',
  latitude: '',
  longitude: '',
  phone: '',
  email: '',
  opens: '09:00',
  closes: '23:00',
  directions: '',
  parking: '',
  social: '',
  halls: '',
  legal_name: '',
  inn: '',
  ogrn: '',
  legal_address: '',
  taxation: undefined,
};

/** The fields as typed from the saved settings; a first setup starts empty (nothing made up). */
export function formValuesOf(settings: CinemaSettings | null): FormValues {
  if (!settings) return EMPTY;
  return {
    ...settings,
    postal_code: settings.postal_code ?? '',
    latitude: String(settings.latitude),
    longitude: String(settings.longitude),
    directions: settings.directions.join('\n'),
    social: settings.social.map((link) => `${link.name} | ${link.url}`).join('\n'),
    halls: settings.halls.map((hall) => (hall.about ? `${hall.name} | ${hall.about}` : hall.name)).join('\n'),
  };
}

/**
 * A list's complaint as the field shows it: the first of its own or of its items, with the line
 * ('social.1.url' → 'Строка 2: …').
 */
export function listError(errors: Record<string, string>, name: 'directions' | 'social' | 'halls') {
  if (errors[name]) return errors[name];
  const key = Object.keys(errors).find((k) => k.startsWith(`${name}.`));
  if (!key) return undefined;
  const line = Number(key.split('.')[1]) + 1;
  return `Строка ${line}: ${errors[key]}`;
}
