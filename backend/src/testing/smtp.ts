/**
 * A real SMTP server on loopback for tests: mail sent by the workers (SMTP_URL pointing here) is
 * parsed and kept, and `nextMail(to)` hands out the messages to an address one by one, waiting
 * for one when none is left.
 *
 * A mail counts as delivered when the server answers 250 to it, as for a real server. Tests of
 * failures can refuse the next messages (451, the sender retries later), or hold the answer to
 * messages already received (`hold()` … `release()`): a sender that goes away meanwhile never got
 * its 250, so its message is dropped, not delivered.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message delivered so far, in order of delivery. */
  mails: ParsedMail[];
  nextMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** Answers the next `count` messages with 451 (a temporary failure). */
  refuseNext(count: number): void;
  /** From now on, received messages wait for `release()` before they are answered. */
  hold(): void;
  /** Messages received and waiting for their answer, from senders still connected. */
  readonly held: number;
  /** Answers the held messages whose sender is still connected, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const unclaimed: ParsedMail[] = [];
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  let refusals = 0;
  let holding = false;
  const held: { sessionId: string; deliver: () => void }[] = [];
  const closed = new Set<string>();

  const deliver = (mail: ParsedMail) => {
    mails.push(mail);
    const w = waiting.find((w) => recipients(mail).includes(w.to));
    if (w) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(mail);
    } else {
      unclaimed.push(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refusals > 0) {
            refusals--;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          const answer = () => {
            deliver(mail);
            callback();
          };
          if (holding) held.push({ sessionId: session.id, deliver: answer });
          else answer();
        },
        (err: Error) => callback(err),
      );
    },
    onClose(session) {
      closed.add(session.id);
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
    refuseNext(count) {
      refusals = count;
    },
    hold() {
      holding = true;
    },
    get held() {
      return held.filter((message) => !closed.has(message.sessionId)).length;
    },
    release() {
      holding = false;
      for (const message of held.splice(0)) {
        if (!closed.has(message.sessionId)) message.deliver();
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
