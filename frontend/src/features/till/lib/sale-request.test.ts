import { describe, expect, it } from 'vitest';
import { saleRequest, type Payment } from './sale-request';

const lines = [
  { seat_number: 'r3m1', ticket_type: 'adult' },
  { seat_number: 'r3m2', ticket_type: 'child' },
];
const pay = (payment: Partial<Payment>): Payment => ({
  method: 'cash',
  given: '',
  rrn: '',
  contact: '',
  fullName: '',
  phone: '',
  terminalId: '',
  ...payment,
});

describe('the sale sent from the till', () => {
  it('sends cash with the amount given, or none for the exact sum', () => {
    expect(saleRequest(7, lines, '', 700, pay({ given: '2 000' }))).toEqual({
      ok: true,
      body: { schedule_id: 7, lines, method: 'cash', given: 2000 },
    });
    expect(saleRequest(7, lines, 'SEMYA', 700, pay({}))).toEqual({
      ok: true,
      body: { schedule_id: 7, lines, promo_code: 'SEMYA', method: 'cash' },
    });
  });

  it('refuses less cash than the total, and a sum that is not one', () => {
    expect(saleRequest(7, lines, '', 1050, pay({ given: '1000' }))).toEqual({
      ok: false,
      fields: { given: 'Получено меньше суммы заказа: не хватает 50\u00a0₽' },
    });
    expect(saleRequest(7, lines, '', 1050, pay({ given: 'две тысячи' }))).toMatchObject({
      ok: false,
      fields: { given: expect.stringContaining('Введите сумму цифрами') },
    });
  });

  it('sends a card with its RRN when typed, and checks it is one', () => {
    expect(saleRequest(7, lines, '', 700, pay({ method: 'card', rrn: '123456789012', given: '5000' }))).toEqual({
      ok: true,
      body: { schedule_id: 7, lines, method: 'card', rrn: '123456789012' },
    });
    expect(saleRequest(7, lines, '', 700, pay({ method: 'card', rrn: '1234' }))).toEqual({
      ok: false,
      fields: { rrn: 'RRN — 12 цифр с чека терминала' },
    });
  });

  it('asks a payment link for the buyer’s e-mail, and sends the tickets’ e-mail when typed', () => {
    expect(saleRequest(7, lines, '', 700, pay({ method: 'link' }))).toEqual({
      ok: false,
      fields: { contact: 'Укажите почту: на неё придёт ссылка на оплату' },
    });
    expect(saleRequest(7, lines, '', 700, pay({ method: 'link', contact: ' Ann@Example.com ' }))).toEqual({
      ok: true,
      body: { schedule_id: 7, lines, method: 'link', contact: 'ann@example.com' },
    });
    expect(saleRequest(7, lines, '', 700, pay({ contact: 'не почта' }))).toEqual({
      ok: false,
      fields: { contact: 'Почта (name@example.ru) или телефон (+7 900 123-45-67)' },
    });
    // A phone is enough for the receipt (not for a link).
    expect(saleRequest(7, lines, '', 700, pay({ contact: '+7 900 123-45-67' }))).toMatchObject({ ok: true });
    expect(saleRequest(7, lines, '', 700, pay({ method: 'link', contact: '+7 900 123-45-67' }))).toEqual({
      ok: false,
      fields: { contact: 'Укажите почту: на неё придёт ссылка на оплату' },
    });
  });

  it('needs a seat', () => {
    expect(saleRequest(7, [], '', 0, pay({}))).toEqual({ ok: false, fields: { lines: 'Выберите хотя бы одно место' } });
  });
});
