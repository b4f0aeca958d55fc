/**
 * The ЕАИС format against REGISTRIES.md §3.2: every `<seans>` and `<form>` attribute of 3.2.0, in its shape, for a
 * sale, a refund (negative price and discount at the refund time), a discounted and an online sale and a Pushkin
 * card sale; the document as a whole reads back through the receiver emulator's strict parser.
 */
import { describe, expect, it } from 'vitest';
import { setCinemaTimeZone } from '../../contract/time';
import { FORM_ATTRIBUTES, parseUpload, SEANS_ATTRIBUTES } from '../../emulators/eais';
import {
  eaisFileName,
  eaisMoney,
  eaisXml,
  formAttributes,
  seansAttributes,
  sessionFormat,
  type EaisFormInput,
  type EaisSessionInput,
} from './format';

setCinemaTimeZone('Europe/Moscow');

const session: EaisSessionInput = {
  orgId: '2271',
  showroom: 'Зал 4',
  // 19:20 in Moscow.
  start: new Date('2023-07-11T16:20:00Z'),
  title: 'Гипнотик & «Ко»',
  puNumber: '121023323',
  puReason: null,
  format: sessionFormat('2D', false),
  eventId: null,
};

const sale: EaisFormInput = {
  operation: 'sale',
  row: 8,
  seat: 11,
  priceKopecks: 27_000,
  discountKopecks: 0,
  ticketType: 'Взрослый',
  at: new Date('2023-07-11T15:36:21Z'),
  online: false,
};

const pushkin = { rrn: '319212345678', terminalId: '10293847', terminalOwner: '7701234567' };

describe('the <seans> attributes', () => {
  const cases: [string, EaisSessionInput, Record<string, string>][] = [
    [
      'a film with its ПУ',
      session,
      {
        ver: '3.2.0',
        org_id: '2271',
        showroom: 'Зал 4',
        seans_date: '20230711 19:20',
        pu_number: '121023323',
        pu_reason: '',
        format: '2D',
        seans_title: 'Гипнотик & «Ко»',
        event_id: '0',
      },
    ],
    [
      'an event without a ПУ: its reason',
      { ...session, puNumber: null, puReason: '3' },
      { pu_number: '-', pu_reason: '3' },
    ],
    [
      'a subtitled 3D session of a Pushkin programme film',
      { ...session, format: sessionFormat('3D', true), eventId: '2517862' },
      { format: '3D (субтитры)', event_id: '2517862' },
    ],
  ];
  it.each(cases)('%s', (_, input, expected) => {
    const attrs = Object.fromEntries(seansAttributes(input));
    expect(Object.keys(attrs).sort()).toEqual([...SEANS_ATTRIBUTES].sort());
    expect(attrs).toMatchObject(expected);
  });
});

describe('the <form> attributes', () => {
  const cases: [string, EaisFormInput, Record<string, string>][] = [
    [
      'a sale at the counter',
      sale,
      {
        place_x: '11',
        place_y: '8',
        section: 'Зал 4',
        price: '270',
        discount: '0',
        ticket_type: 'Взрослый',
        sale_date: '20230711 18:36:21',
        subscription: 'false',
        online: 'false',
        webtax: '0',
        webtax_included: 'false',
        webtax_prv: '',
        payment_type: '0',
        payment_id: '',
        terminal_id: '0',
        terminal_owner: '',
      },
    ],
    [
      'a discounted sale online with kopecks',
      { ...sale, priceKopecks: 7_050, discountKopecks: 7_950, ticketType: 'Детский', online: true },
      { price: '70.50', discount: '79.50', ticket_type: 'Детский', online: 'true' },
    ],
    [
      'a refund: negative price and discount, at the refund time',
      {
        ...sale,
        operation: 'refund',
        priceKopecks: 7_000,
        discountKopecks: 8_000,
        at: new Date('2023-07-11T16:00:05Z'),
      },
      { price: '-70', discount: '-80', sale_date: '20230711 19:00:05', payment_type: '0' },
    ],
    [
      'a Pushkin card sale: payment_type 1, the RRN, the terminal and its owner',
      { ...sale, pushkin },
      { payment_type: '1', payment_id: '319212345678', terminal_id: '10293847', terminal_owner: '7701234567' },
    ],
    [
      'a Pushkin card refund keeps the payment',
      { ...sale, operation: 'refund', pushkin },
      { price: '-270', payment_type: '1', payment_id: '319212345678' },
    ],
  ];
  it.each(cases)('%s', (_, input, expected) => {
    const attrs = Object.fromEntries(formAttributes(session, input));
    expect(Object.keys(attrs).sort()).toEqual([...FORM_ATTRIBUTES].sort());
    expect(attrs).toMatchObject(expected);
  });
});

describe('the document', () => {
  it('is one <seans> with a form per operation, escaped, that the strict receiver reads back', () => {
    const xml = eaisXml({ ...session, eventId: '2517862' }, [
      sale,
      { ...sale, seat: 12, pushkin },
      { ...sale, operation: 'refund', at: new Date('2023-07-11T16:00:05Z') },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<seans ver="3.2.0"')).toBe(true);
    expect(xml).toContain('seans_title="Гипнотик &amp; «Ко»"');
    const { seans, forms } = parseUpload(xml);
    expect(seans).toMatchObject({ seans_title: 'Гипнотик & «Ко»', event_id: '2517862' });
    expect(forms.map((f) => [f.place_x, f.price, f.payment_type])).toEqual([
      ['11', '270', '0'],
      ['12', '270', '1'],
      ['11', '-270', '0'],
    ]);
  });

  it('is refused by the receiver when a Pushkin sale has no event id, or an attribute is missing', () => {
    expect(() => parseUpload(eaisXml(session, [{ ...sale, pushkin }]))).toThrow(/without event_id/);
    expect(() => parseUpload(eaisXml(session, [sale]).replace(' webtax="0"', ''))).toThrow(/webtax missing/);
    expect(() => parseUpload(eaisXml(session, [sale]).replace('20230711 18:36:21', '2023-07-11 18:36'))).toThrow(
      /sale_date/,
    );
  });

  it('names its file ekb_<org_id>_<YYYYMMDD>_<HHMMSSmmm>_<delivery>.xml, cinema time', () => {
    expect(eaisFileName('2271', new Date('2023-07-14T13:40:05.042Z'), 17)).toBe('ekb_2271_20230714_164005042_17.xml');
  });

  it('writes roubles with kopecks only when there are some', () => {
    expect([27_000, 27_050, 5, -7_000, 0].map(eaisMoney)).toEqual(['270', '270.50', '0.05', '-70', '0']);
  });
});
