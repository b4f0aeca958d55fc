/** Outgoing mail: through SMTP_URL when set, otherwise written to data/outbox/ as .eml files. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@kino/backend/config';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      if (config.smtpUrl) return { messageId: info.messageId };
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
