/**
 * The registry emulator's state and rules (REGISTRIES.md §2.12): tickets by id and by (event_id, barcode), the
 * validation of POST /tickets (§2.3), the state machine active → visited | refunded | canceled, the visit window
 * (§2.6) on an injectable clock, and the UAT leniency switch. Errors are `{code, description}` with codes of its own
 * (the real registry's are not published, §2.8).
 */
import { randomUUID } from 'node:crypto';

export type RegistryStatus = 'active' | 'visited' | 'refunded' | 'canceled';

export interface RegistryTicket {
  id: string;
  status: RegistryStatus;
  barcode: string;
  barcode_type?: string;
  visitor: Record<string, unknown> & { full_name: string };
  buyer: { mobile_phone: string };
  session: { event_id: string; organization_id: string; date: number; place?: string; params?: string };
  payment: { id?: string; rrn?: string; date: number; ticket_price?: string; amount: string };
  comment?: string;
  visit_date?: number;
  refund_date?: number;
  refund_reason?: string;
  refund_rrn?: string;
  refund_ticket_price?: string;
}

export class RegistryRefusal extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export interface StoreOptions {
  /** Unix seconds "now" (the visit window's upper bound). */
  now: () => number;
  /** Known Pro.Культура event ids; null: any. */
  events: () => ReadonlySet<string> | null;
  /** Known organisation ids; null: any. */
  organizations: () => ReadonlySet<string> | null;
  /** The UAT's observed leniency: a refunded ticket may still be visited (§2.6). */
  lenient: () => boolean;
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function createStore(options: StoreOptions) {
  const byId = new Map<string, RegistryTicket>();
  const byBarcode = new Map<string, string>();
  const key = (eventId: string, barcode: string) => `${eventId}\u0000${barcode}`;
  const bad = (code: string, description: string) => new RegistryRefusal(code, description);

  function validate(body: unknown): Omit<RegistryTicket, 'id' | 'status'> {
    if (!isObject(body)) throw bad('invalid_body', 'Тело запроса — объект JSON');
    const { barcode, visitor, buyer, session, payment } = body;
    if (!text(barcode)) throw bad('required', 'Не указан barcode');
    if (!isObject(visitor) || !text(visitor.full_name)) throw bad('required', 'Не указан visitor.full_name');
    if (!isObject(buyer) || typeof buyer.mobile_phone !== 'string')
      throw bad('required', 'Не указан buyer.mobile_phone');
    if (!/^\d{10}$/.test(buyer.mobile_phone)) throw bad('invalid_phone', 'buyer.mobile_phone — 10 цифр без +7');
    if (!isObject(session)) throw bad('required', 'Не указан session');
    if (!text(session.event_id)) throw bad('required', 'Не указан session.event_id');
    if (!text(session.organization_id)) throw bad('required', 'Не указан session.organization_id');
    if (!Number.isInteger(session.date)) throw bad('invalid_date', 'session.date — целое число (unix-время)');
    if (!isObject(payment)) throw bad('required', 'Не указан payment');
    if (!Number.isInteger(payment.date)) throw bad('invalid_date', 'payment.date — целое число (unix-время)');
    if (typeof payment.amount !== 'string' || !MONEY.test(payment.amount))
      throw bad('invalid_amount', 'payment.amount — сумма строкой, например "350.00"');
    if (
      payment.ticket_price !== undefined &&
      (typeof payment.ticket_price !== 'string' || !MONEY.test(payment.ticket_price))
    )
      throw bad('invalid_amount', 'payment.ticket_price — сумма строкой, например "350.00"');
    if (payment.ticket_price !== undefined && Number(payment.amount) > Number(payment.ticket_price))
      throw bad('invalid_amount', 'payment.amount больше ticket_price');
    const events = options.events();
    if (events && !events.has(session.event_id))
      throw bad('unknown_event', `Мероприятие ${session.event_id} не найдено`);
    const organizations = options.organizations();
    if (organizations && !organizations.has(session.organization_id))
      throw bad('unknown_organization', `Организация ${session.organization_id} не найдена`);
    return body as unknown as Omit<RegistryTicket, 'id' | 'status'>;
  }

  return {
    register(body: unknown): RegistryTicket {
      const input = validate(body);
      const existing = byBarcode.get(key(input.session.event_id, input.barcode));
      const live = (t: RegistryTicket | undefined) => t && (t.status === 'active' || t.status === 'visited');
      if (existing && live(byId.get(existing)))
        throw bad('duplicate_barcode', 'Билет с таким штрихкодом на это мероприятие уже зарегистрирован');
      for (const t of byId.values()) {
        if (
          t.status === 'active' &&
          t.visitor.full_name.trim().toLowerCase() === input.visitor.full_name.trim().toLowerCase() &&
          t.session.event_id === input.session.event_id &&
          t.session.date === input.session.date
        )
          throw bad('MULTISESSION', 'Попытка купить более одного билета на один сеанс');
      }
      const ticket: RegistryTicket = { ...input, id: randomUUID(), status: 'active' };
      byId.set(ticket.id, ticket);
      byBarcode.set(key(input.session.event_id, input.barcode), ticket.id);
      return ticket;
    },
    get(id: string): RegistryTicket {
      const t = byId.get(id);
      if (!t) throw new RegistryRefusal('not_found', `Билет ${id} не найден`, 404);
      return t;
    },
    byBarcode(eventId: string, barcode: string): RegistryTicket | undefined {
      const id = byBarcode.get(key(eventId, barcode));
      return id ? byId.get(id) : undefined;
    },
    refund(t: RegistryTicket, body: unknown): RegistryTicket {
      if (!isObject(body) || !Number.isInteger(body.refund_date) || !text(body.refund_reason))
        throw bad('required', 'Нужны refund_date (unix-время) и refund_reason');
      if (
        body.refund_ticket_price !== undefined &&
        (typeof body.refund_ticket_price !== 'string' || !MONEY.test(body.refund_ticket_price))
      )
        throw bad('invalid_amount', 'refund_ticket_price — сумма строкой');
      if (t.status !== 'active') throw bad('invalid_status', `Билет в статусе ${t.status}: возврат невозможен`);
      Object.assign(t, {
        status: 'refunded',
        refund_date: body.refund_date,
        refund_reason: body.refund_reason,
        ...(typeof body.refund_rrn === 'string' ? { refund_rrn: body.refund_rrn } : {}),
        ...(typeof body.refund_ticket_price === 'string' ? { refund_ticket_price: body.refund_ticket_price } : {}),
      });
      return t;
    },
    visit(t: RegistryTicket, body: unknown): RegistryTicket {
      if (!isObject(body) || !Number.isInteger(body.visit_date)) throw bad('required', 'Нужен visit_date (unix-время)');
      const visitDate = body.visit_date as number;
      const allowed = t.status === 'active' || (t.status === 'refunded' && options.lenient());
      if (!allowed) throw bad('invalid_status', `Билет в статусе ${t.status}: посещение невозможно`);
      if (visitDate < t.session.date - 7200) throw bad('visit_too_early', 'Посещение раньше чем за 2 часа до сеанса');
      if (visitDate > options.now() + 3600) throw bad('visit_in_future', 'Дата посещения в будущем');
      Object.assign(t, { status: 'visited', visit_date: visitDate });
      return t;
    },
    cancel(id: string): RegistryTicket {
      const t = this.get(id);
      t.status = 'canceled';
      return t;
    },
    all: () => [...byId.values()],
  };
}
export type RegistryStore = ReturnType<typeof createStore>;
