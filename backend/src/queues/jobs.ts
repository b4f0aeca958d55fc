/**
 * Every background job: its name, its queue and its payload schema, defined once. Producers
 * (the API) enqueue through `Queues.enqueue`; the workers process refuses to start unless each
 * job here has exactly one handler.
 */
import { MAX_SEATS_PER_PURCHASE } from '../contract/constants';
import { z } from '../contract/zod';

export const QUEUE_NAMES = ['mail', 'tickets'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOBS = {
  /** Sends one e-mail (SMTP_URL, or a file in data/outbox when unset). */
  'mail.send': {
    queue: 'mail',
    payload: z.object({
      to: z.email(),
      subject: z.string().min(1),
      text: z.string(),
      html: z.string().optional(),
    }),
  },
  /** Renders the PDF of each ticket of a purchase into <storage>/tickets/<id>.pdf. */
  'tickets.render-pdf': {
    queue: 'tickets',
    payload: z.object({
      ticketIds: z.array(z.number().int().positive()).min(1).max(MAX_SEATS_PER_PURCHASE),
    }),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
