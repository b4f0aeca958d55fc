/**
 * The Pushkin card registry emulator over real HTTP (REGISTRIES.md §2.12), through Kino's own client: Bearer auth,
 * POST /tickets validation and its MULTISESSION rule, the state machine, the visit window on an injected clock, the
 * inspector's view, faults (a failure reply, a lost answer) and Pro.Культура's events list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/infra/clock';
import { PushkaRegistry, RegistryError, type RegistryTicketInput } from '../../pushka/client';
import { findEventByPu } from '../../pushka/proculture';
import { startPushkaEmulator, type PushkaEmulator } from '.';

const clock = new ManualClock(new Date('2026-03-12T15:00:00Z'));
const now = () => Math.floor(clock.now().getTime() / 1000);
let registry: PushkaEmulator;
let client: PushkaRegistry;

beforeAll(async () => {
  registry = await startPushkaEmulator({
    clock,
    events: [{ id: 'ev-1', name: 'Фильм', puNumbers: ['121000001'] }],
  });
  client = new PushkaRegistry({ url: registry.apiUrl, apiKey: registry.apiKey, timeoutMs: 2000 });
});
afterAll(() => registry.close());

let barcodes = 0;
const ticket = (over: Partial<RegistryTicketInput> = {}): RegistryTicketInput => ({
  barcode: `KINO-${++barcodes}`,
  barcode_type: '1',
  visitor: { full_name: `Иванов Иван ${barcodes}` },
  buyer: { mobile_phone: '9161234567' },
  session: { event_id: 'ev-1', organization_id: registry.organizationId, date: now() + 3600, place: 'Зал 1' },
  payment: { rrn: '123456789012', date: now(), ticket_price: '350.00', amount: '350.00' },
  ...over,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err: unknown) =>
      err instanceof RegistryError ? `${err.kind}:${err.details.code ?? err.details.status}` : String(err),
  );

describe('the Pushkin card registry emulator', () => {
  it('answers 401 without the Bearer key', async () => {
    const wrong = new PushkaRegistry({ url: registry.apiUrl, apiKey: 'wrong', timeoutMs: 2000 });
    expect(await refusal(wrong.register(ticket()))).toBe('unavailable:401');
  });

  it('registers a ticket with 201, an id and status active, and echoes it', async () => {
    const input = ticket();
    const answer = await client.register(input);
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.status).toBe('active');
    expect(registry.control.ticket(answer.id)).toMatchObject({ barcode: input.barcode, buyer: input.buyer });
    expect(registry.control.requests.at(-1)).toMatchObject({ method: 'POST', path: '/tickets', status: 201 });
  });

  it.each([
    ['a phone that is not 10 digits', { buyer: { mobile_phone: '+79161234567' } }, 'invalid_phone'],
    ['an unknown event', { session: { event_id: 'ev-x', organization_id: 'x', date: 1 } }, 'unknown_event'],
    [
      'an amount above the ticket price',
      { payment: { date: 1, ticket_price: '100.00', amount: '350.00' } },
      'invalid_amount',
    ],
    [
      'an amount as a number',
      { payment: { date: 1, ticket_price: '350.00', amount: 350 as unknown as string } },
      'invalid_amount',
    ],
  ] as const)('refuses %s with 400 {code, description}', async (_name, over, code) => {
    expect(await refusal(client.register(ticket(over as Partial<RegistryTicketInput>)))).toBe(`refused:${code}`);
  });

  it('refuses a duplicate barcode and a second ticket of one holder for one session (MULTISESSION)', async () => {
    const first = ticket();
    await client.register(first);
    expect(await refusal(client.register({ ...first, visitor: { full_name: 'Другой Человек' } }))).toBe(
      'refused:duplicate_barcode',
    );
    expect(await refusal(client.register({ ...first, barcode: 'KINO-other' }))).toBe('refused:MULTISESSION');
  });

  it('refunds an active ticket once, and then refuses its visit (unless lenient, as the UAT was)', async () => {
    const { id } = await client.register(ticket());
    expect(await client.refund(id, { refund_date: now(), refund_reason: 'Возврат' })).toMatchObject({
      status: 'refunded',
    });
    expect(await refusal(client.refund(id, { refund_date: now(), refund_reason: 'Возврат' }))).toBe(
      'refused:invalid_status',
    );
    expect(await refusal(client.visit(id, now()))).toBe('refused:invalid_status');
    registry.control.setLenient(true);
    expect(await client.visit(id, now())).toMatchObject({ status: 'visited' });
    registry.control.setLenient(false);
  });

  it('marks a visit within the window only: not before 2 hours ahead of the session, not later than now + 1 hour', async () => {
    const input = ticket({
      session: { event_id: 'ev-1', organization_id: registry.organizationId, date: now() + 4 * 3600 },
    });
    const { id } = await client.register(input);
    expect(await refusal(client.visit(id, now()))).toBe('refused:visit_too_early');
    clock.advance(3 * 3600_000);
    expect(await refusal(client.visit(id, now() + 2 * 3600))).toBe('refused:visit_in_future');
    expect(await client.visit(id, now())).toMatchObject({ status: 'visited' });
    expect(await client.findByBarcode('ev-1', input.barcode)).toMatchObject({
      status: 'visited',
      session: { place: '' },
    });
    expect(await client.findByBarcode('ev-1', 'unknown')).toBeNull();
  });

  it('fails a call with a failure reply, and stores a ticket whose answer it then drops', async () => {
    registry.control.failNext(1, { status: 500, method: 'POST' });
    expect(await refusal(client.register(ticket()))).toBe('unavailable:500');
    const lost = ticket();
    registry.control.failNext(1, { method: 'POST', after: true });
    expect(await refusal(client.register(lost))).toBe('unavailable:undefined');
    expect(await client.findByBarcode('ev-1', lost.barcode)).toMatchObject({ status: 'active' });
  });

  it('lists Pro.Культура events for the key, and finds a film’s by its ПУ number', async () => {
    const options = {
      url: registry.procultureUrl,
      apiKey: registry.procultureKey,
      organizationId: registry.organizationId,
      timeoutMs: 2000,
    };
    expect(await findEventByPu(options, '121000001')).toEqual({ id: 'ev-1', name: 'Фильм' });
    expect(await findEventByPu(options, '121999999')).toBeNull();
    expect(await refusal(findEventByPu({ ...options, apiKey: 'wrong' }, '121000001'))).toBe('refused:403');
  });
});
