/**
 * The Pushkin card ticket registry's seller API v1 (pushka.gosuslugi.ru, REGISTRIES.md §2.1–2.8): Bearer key,
 * JSON, money as strings and dates as unix seconds. One attempt per call: the retries are the jobs' (BullMQ), so a
 * call's outcome is read once —
 *   2xx                       → the answer;
 *   400 `{code, description}` → `refused` (final: the registry said no);
 *   anything else, a timeout, a network error → `unavailable` (unknown: the job tries again).
 */
import type { Logger } from '../lib/infra/logger';

export interface RegistryTicketInput {
  barcode: string;
  /** Bit mask: 1 QR, 2 Code128, 4 EAN-13, … (§2.3). */
  barcode_type: string;
  visitor: { full_name: string; first_name?: string; middle_name?: string; last_name?: string };
  /** 10 digits, no +7. */
  buyer: { mobile_phone: string };
  session: { event_id: string; organization_id: string; date: number; place?: string; params?: string };
  payment: { id?: string; rrn?: string; date: number; ticket_price: string; amount: string };
  comment?: string;
}

export interface RegistryRefundInput {
  refund_date: number;
  refund_reason: string;
  refund_rrn?: string;
  refund_ticket_price?: string;
  comment?: string;
}

export type RegistryTicketStatus = 'active' | 'visited' | 'refunded' | 'canceled';

/** The registry holds the ticket (any state but cancelled by it): a registration need not be posted again. */
export const registryHolds = (ticket: { status: RegistryTicketStatus }): boolean => ticket.status !== 'canceled';

export class RegistryError extends Error {
  override name = 'RegistryError';
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly details: { status?: number; code?: string } = {},
  ) {
    super(message);
  }
}

export interface RegistryOptions {
  /** …/api/v1 */
  url: string;
  apiKey: string;
  timeoutMs: number;
  logger?: Pick<Logger, 'warn'>;
}

export class PushkaRegistry {
  constructor(private readonly options: RegistryOptions) {}

  /** POST /tickets → the registry's id (a UUID) and status. */
  async register(ticket: RegistryTicketInput): Promise<{ id: string; status: RegistryTicketStatus }> {
    const answer = (await this.call('POST', '/tickets', ticket)) as { id?: unknown; status?: unknown };
    if (typeof answer.id !== 'string' || answer.id === '')
      throw new RegistryError('unavailable', 'The registry answered a registration without an id');
    return { id: answer.id, status: (answer.status as RegistryTicketStatus) ?? 'active' };
  }

  /** The inspector's view by event and barcode (§2.2); null when the registry does not know the barcode. */
  async findByBarcode(eventId: string, barcode: string): Promise<{ status: RegistryTicketStatus } | null> {
    try {
      return (await this.call(
        'GET',
        `/events/${encodeURIComponent(eventId)}/tickets/${encodeURIComponent(barcode)}`,
      )) as { status: RegistryTicketStatus };
    } catch (err) {
      if (err instanceof RegistryError && (err.details.status === 404 || err.details.status === 400)) return null;
      throw err;
    }
  }

  async refund(id: string, refund: RegistryRefundInput): Promise<{ status: RegistryTicketStatus }> {
    return (await this.call('PUT', `/tickets/${encodeURIComponent(id)}/refund`, refund)) as {
      status: RegistryTicketStatus;
    };
  }

  async visit(id: string, visitDate: number): Promise<{ status: RegistryTicketStatus }> {
    return (await this.call('PUT', `/tickets/${encodeURIComponent(id)}/visit`, { visit_date: visitDate })) as {
      status: RegistryTicketStatus;
    };
  }

  /** A visit by barcode, for a ticket whose registration answer was lost (no id known). */
  async visitByBarcode(eventId: string, barcode: string, visitDate: number): Promise<{ status: RegistryTicketStatus }> {
    return (await this.call(
      'PUT',
      `/events/${encodeURIComponent(eventId)}/tickets/${encodeURIComponent(barcode)}/visit`,
      { visit_date: visitDate },
    )) as { status: RegistryTicketStatus };
  }

  private async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      this.options.logger?.warn({ method, path, err: (err as Error).message }, 'Pushkin registry unreachable');
      throw new RegistryError(
        'unavailable',
        `The registry did not answer ${method} ${path}: ${(err as Error).message}`,
      );
    }
    let json: unknown = null;
    try {
      json = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      json = null;
    }
    if (response.ok) {
      if (json === null || typeof json !== 'object')
        throw new RegistryError('unavailable', `The registry answered ${method} ${path} with no JSON`);
      return json;
    }
    const error = (json ?? {}) as { code?: unknown; description?: unknown; message?: unknown };
    const code = typeof error.code === 'string' ? error.code : undefined;
    const description =
      typeof error.description === 'string'
        ? error.description
        : typeof error.message === 'string'
          ? error.message
          : `HTTP ${response.status}`;
    // §2.8: 400 {code, description} is the registry's refusal; other statuses are transport errors.
    if (response.status === 400 || response.status === 404)
      throw new RegistryError('refused', description, { status: response.status, ...(code ? { code } : {}) });
    throw new RegistryError('unavailable', `${method} ${path}: ${description}`, { status: response.status });
  }
}
