/** Outgoing mail: through SMTP_URL when set, otherwise written to data/outbox/ as .eml files. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@kino/backend/config';
import { cinemaName } from '@kino/backend/contract/cinema';
import type { AppContext } from '@kino/backend/context';
import { schema } from '@kino/backend/db';
import type { Clock } from '@kino/backend/lib/infra/clock';
import type { Logger } from '@kino/backend/lib/infra/logger';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { and, eq, isNull } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files read from disk while sending (jobs carry ids, never file contents). */
  attachments?: { filename: string; path: string; contentType?: string }[];
  /** The sender's name when MAIL_FROM is a bare address: the cinema's, from the settings. */
  senderName?: string;
}

/** MAIL_FROM with a name of its own ('Kino <no-reply@…>') is sent as it is; a bare address gets the cinema's name. */
const senderOf = (mailFrom: string, name: string | undefined) =>
  name && !mailFrom.includes('<') ? { name, address: mailFrom } : mailFrom;

export interface Mailer {
  send(mail: Mail): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

/** `clock` names the outbox's files by when they were written (docs/architecture.md, "The clock"). */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, clock: Clock): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ senderName, ...mail }) {
      const info = await transport.sendMail({ from: senderOf(config.mailFrom, senderName), ...mail });
      if (config.smtpUrl) return { messageId: info.messageId };
      // Written beside the outbox, then moved in whole: whoever reads the outbox never sees half a mail.
      const writing = `${config.outboxDir}-writing`;
      await Promise.all([fs.mkdir(config.outboxDir, { recursive: true }), fs.mkdir(writing, { recursive: true })]);
      const name = `${clock.now().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      const file = path.join(config.outboxDir, name);
      await fs.writeFile(path.join(writing, name), (info as unknown as { message: Buffer }).message);
      await fs.rename(path.join(writing, name), file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

/**
 * Sends one mail with a mailer of its own and logs where it went (the mail jobs' one way out), under the
 * cinema's name as the settings have it now.
 */
export async function deliver(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>, log: Logger, mail: Mail) {
  const mailer = createMailer(ctx.config, ctx.clock);
  try {
    const sent = await mailer.send({ senderName: cinemaName(await cinemaSettings(ctx)), ...mail });
    log.info(
      { to: mail.to, subject: mail.subject, attachments: mail.attachments?.length ?? 0, ...sent },
      sent.file ? 'mail written to outbox' : 'mail sent',
    );
    return sent;
  } finally {
    mailer.close();
  }
}

/**
 * The one way out for mail that is not transactional (news of premieres, offers): sent only to a person whose
 * marketing consent stands at the moment of sending — read here, not when the mail was queued — so a withdrawal
 * in the profile stops even the mail already waiting in the queue (docs/architecture.md, "The public and its
 * data"). Tickets, receipts, refunds, cancellations and reset links are transactional and go through `deliver`.
 */
export async function deliverMarketing(
  ctx: Pick<AppContext, 'config' | 'db' | 'clock'>,
  log: Logger,
  userId: number,
  mail: Omit<Mail, 'to'>,
) {
  const { users } = schema;
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.marketingConsent, true), isNull(users.deletedAt)));
  if (!user) {
    log.info({ userId }, 'marketing mail not sent: no marketing consent');
    return { skipped: true as const };
  }
  return deliver(ctx, log, { ...mail, to: user.email });
}
