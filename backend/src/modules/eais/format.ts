/**
 * The ЕАИС exchange format, and only here (REGISTRIES.md §3.2): XML version 3.2.0, one document per session
 * (`<seans>`) with one `<form/>` per ticket operation not yet delivered. A refund is another form for the same seat
 * with a negative price and discount at the refund time. Times are the cinema's wall clock; sums are roubles, with
 * two decimals only when there are kopecks. A Pushkin card ticket carries payment_type="1", its RRN, the
 * terminal and its owner's INN, and the session its Pro.Культура event id.
 */
import { toCinemaTime } from '../../contract/time';
import type { EaisOperation } from '../../contract/constants';

export const EAIS_FORMAT_VERSION = '3.2.0';

/** The session's header: the film, its ПУ and the hall as ЕАИС knows them. */
export interface EaisSessionInput {
  /** EAIS_CINEMA_ID: the cinema's id in ЕАИС (org_id). */
  orgId: string;
  /** The hall's name as registered in ЕАИС. */
  showroom: string;
  start: Date;
  title: string;
  /** The ПУ number; null for an event without one (then `pu_reason`). */
  puNumber: string | null;
  puReason: string | null;
  /** '2D', '3D', '2D (субтитры)'… (sessionFormat). */
  format: string;
  /** The film's Pro.Культура event id (Pushkin card programme); null: not in it. */
  eventId: string | null;
}

/** A Pushkin card payment: the card operation's RRN and the terminal it went through. */
export interface EaisPushkinPayment {
  rrn: string;
  terminalId: string;
  /** The terminal owner's INN. */
  terminalOwner: string;
}

export interface EaisFormInput {
  operation: EaisOperation;
  row: number;
  seat: number;
  /** What was paid for the seat and its discount off the base price, kopecks (positive; a refund negates them). */
  priceKopecks: number;
  discountKopecks: number;
  /** The ticket type's name ('Взрослый', 'Детский'…). */
  ticketType: string;
  /** When it was sold or refunded. */
  at: Date;
  online: boolean;
  subscription?: boolean;
  pushkin?: EaisPushkinPayment | null;
}

export interface EaisDocument {
  name: string;
  contentType: string;
  body: string;
}

/** 'YYYYMMDD HH:MM' (seconds: 'YYYYMMDD HH:MM:SS') of an instant, the cinema's wall clock. */
export function eaisTime(at: Date, seconds = false): string {
  const t = toCinemaTime(at); // 'YYYY-MM-DD HH:mm:ss'
  return `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)} ${t.slice(11, seconds ? 19 : 16)}`;
}

/** Kopecks as roubles: 27000 → '270', 27050 → '270.50', −27000 → '-270'. */
export function eaisMoney(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  const roubles = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${roubles}` : `${sign}${roubles}.${String(rest).padStart(2, '0')}`;
}

/** The format ЕАИС reports for a session: the film's picture, '(субтитры)' for a subtitled session. */
export const sessionFormat = (picture: string, subtitles: boolean): string =>
  subtitles ? `${picture} (субтитры)` : picture;

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attributes = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}="${escape(v)}"`).join(' ');

/** The `<seans>` attributes, in the order of real uploads. */
export function seansAttributes(s: EaisSessionInput): [string, string][] {
  return [
    ['ver', EAIS_FORMAT_VERSION],
    ['org_id', s.orgId],
    ['seans_title', s.title],
    ['showroom', s.showroom],
    ['seans_date', eaisTime(s.start)],
    ['pu_number', s.puNumber ?? '-'],
    ['pu_reason', s.puNumber ? '' : (s.puReason ?? '')],
    ['format', s.format],
    ['event_id', s.eventId ?? '0'],
  ];
}

/** A `<form>`'s attributes: a refund negates the price and discount; a Pushkin card sale names its payment. */
export function formAttributes(session: EaisSessionInput, f: EaisFormInput): [string, string][] {
  const sign = f.operation === 'refund' ? -1 : 1;
  const pushkin = f.pushkin ?? null;
  return [
    ['place_x', String(f.seat)],
    ['place_y', String(f.row)],
    ['section', session.showroom],
    ['price', eaisMoney(sign * f.priceKopecks)],
    ['discount', eaisMoney(sign * f.discountKopecks)],
    ['ticket_type', f.ticketType],
    ['sale_date', eaisTime(f.at, true)],
    ['subscription', String(f.subscription ?? false)],
    ['online', String(f.online)],
    ['webtax', '0'],
    ['webtax_included', 'false'],
    ['webtax_prv', ''],
    ['payment_type', pushkin ? '1' : '0'],
    ['payment_id', pushkin?.rrn ?? ''],
    ['terminal_id', pushkin?.terminalId ?? '0'],
    ['terminal_owner', pushkin?.terminalOwner ?? ''],
  ];
}

/** The file's name: ekb_<org_id>_<YYYYMMDD>_<HHMMSSmmm>.xml (real uploads), plus the delivery's number (unique). */
export function eaisFileName(orgId: string, formedAt: Date, deliveryId: number): string {
  const t = toCinemaTime(formedAt);
  const ms = String(formedAt.getMilliseconds()).padStart(3, '0');
  return `ekb_${orgId}_${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}_${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}${ms}_${deliveryId}.xml`;
}

/** One session's operations as the XML document ЕАИС takes. */
export function eaisXml(session: EaisSessionInput, forms: readonly EaisFormInput[]): string {
  const lines = forms.map((f) => `  <form ${attributes(formAttributes(session, f))} />`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<seans ${attributes(seansAttributes(session))}>`,
    ...lines,
    '</seans>',
    '',
  ].join('\n');
}
