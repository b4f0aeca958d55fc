/**
 * A real SMTP server on loopback for tests: mail sent by the workers (SMTP_URL pointing here) is
 * parsed and kept, and `nextMail(to)` hands out the messages to an address one by one, waiting
 * for one when none is left.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message received so far, in order of arrival. */
  mails: ParsedMail[];
  nextMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const unclaimed: ParsedMail[] = [];
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          const w = waiting.find((w) => recipients(mail).includes(w.to));
          if (w) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          } else {
            unclaimed.push(mail);
          }
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail(to, timeoutMs = 15_000) {
      const ready = unclaimed.find((mail) => recipients(mail).includes(to.toLowerCase()));
      if (ready) {
        unclaimed.splice(unclaimed.indexOf(ready), 1);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          to: to.toLowerCase(),
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
