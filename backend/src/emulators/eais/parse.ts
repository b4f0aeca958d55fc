/**
 * The ЕАИС receiver's reading of an upload (REGISTRIES.md §3.7): a strict reading of format 3.2.0 — every attribute
 * of §3.2 present, dates, booleans and numbers in their shapes, a Pushkin card form complete. Throws UploadError
 * with the reason the reply names (`error: <reason>`).
 */

export class UploadError extends Error {}

export const SEANS_ATTRIBUTES = [
  'ver',
  'org_id',
  'showroom',
  'seans_date',
  'pu_number',
  'pu_reason',
  'format',
  'seans_title',
  'event_id',
] as const;

export const FORM_ATTRIBUTES = [
  'place_x',
  'place_y',
  'section',
  'price',
  'discount',
  'ticket_type',
  'sale_date',
  'subscription',
  'online',
  'webtax',
  'webtax_included',
  'webtax_prv',
  'payment_type',
  'payment_id',
  'terminal_id',
  'terminal_owner',
] as const;

export type Seans = Record<(typeof SEANS_ATTRIBUTES)[number], string>;
export type Form = Record<(typeof FORM_ATTRIBUTES)[number], string>;

const SESSION_DATE = /^\d{8} \d{2}:\d{2}$/;
const SALE_DATE = /^\d{8} \d{2}:\d{2}:\d{2}$/;
const BOOLEAN = /^(true|false)$/;
const NUMBER = /^-?\d+([.,]\d+)?$/;
const INTEGER = /^\d+$/;

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function attributesOf(text: string, what: string): Map<string, string> {
  const map = new Map<string, string>();
  const rest = text.replace(/([\w:]+)="([^"]*)"/g, (_, name: string, value: string) => {
    if (map.has(name)) throw new UploadError(`${what}: attribute ${name} twice`);
    map.set(name, unescape(value));
    return '';
  });
  if (rest.trim() !== '') throw new UploadError(`${what}: malformed attributes`);
  return map;
}

function pick<K extends string>(map: Map<string, string>, names: readonly K[], what: string): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = map.get(name);
    if (value === undefined) throw new UploadError(`${what}: ${name} missing`);
    out[name] = value;
  }
  return out;
}

const check = (ok: boolean, reason: string) => {
  if (!ok) throw new UploadError(reason);
};

/** One XML document: its `<seans>` and its forms. */
export function parseUpload(xml: string): { seans: Seans; forms: Form[] } {
  const doc = xml.replace(/^\uFEFF/, '').trim();
  const match = /^(?:<\?xml[^?]*\?>\s*)?<seans\s([^>]*)>([\s\S]*)<\/seans>$/.exec(doc);
  if (!match) throw new UploadError('not a <seans> document');
  const seans = pick(attributesOf(match[1]!, 'seans'), SEANS_ATTRIBUTES, 'seans');
  check(seans.ver === '3.2.0', `seans: ver ${seans.ver} is not 3.2.0`);
  check(SESSION_DATE.test(seans.seans_date), `seans: seans_date ${seans.seans_date}`);
  check(/^\d+$/.test(seans.event_id), `seans: event_id ${seans.event_id}`);
  check(seans.pu_number !== '' || seans.pu_reason !== '', 'seans: neither pu_number nor pu_reason');
  const forms: Form[] = [];
  const body = match[2]!.replace(/<form\s([^>]*?)\/>/g, (_, attrs: string) => {
    const n = forms.length + 1;
    const f = pick(attributesOf(attrs, `form ${n}`), FORM_ATTRIBUTES, `form ${n}`);
    check(INTEGER.test(f.place_x) && INTEGER.test(f.place_y), `form ${n}: place`);
    check(NUMBER.test(f.price) && NUMBER.test(f.discount) && NUMBER.test(f.webtax), `form ${n}: a number`);
    check(SALE_DATE.test(f.sale_date), `form ${n}: sale_date ${f.sale_date}`);
    for (const b of ['subscription', 'online', 'webtax_included'] as const)
      check(BOOLEAN.test(f[b]), `form ${n}: ${b} ${f[b]}`);
    check(f.payment_type === '0' || f.payment_type === '1', `form ${n}: payment_type ${f.payment_type}`);
    if (f.payment_type === '1') {
      check(f.payment_id.length === 12, `form ${n}: payment_id must be the 12-character RRN`);
      check(f.terminal_id !== '' && f.terminal_id !== '0', `form ${n}: terminal_id`);
      check(/^(\d{10}|\d{12})$/.test(f.terminal_owner), `form ${n}: terminal_owner must be an INN`);
      check(seans.event_id !== '0', `form ${n}: a Pushkin card sale in a session without event_id`);
    }
    forms.push(f);
    return '';
  });
  check(body.trim() === '', 'seans: unexpected content');
  check(forms.length > 0, 'seans: no forms');
  return { seans, forms };
}

/** '270', '-270.50', '299,75' → kopecks. */
export const kopecksOf = (value: string): number => Math.round(Number(value.replace(',', '.')) * 100);
