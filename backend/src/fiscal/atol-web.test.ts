/**
 * The ATOL web-server client against the emulator over HTTP on loopback: a task run to its end, a
 * refusal with the register's code, a lost answer read back by the same uuid (one receipt, never two),
 * a task the server forgot, a register that does not answer, and a task given up on followed later (posted
 * again only when allowed).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAtolEmulator, type AtolEmulator } from '../emulators/atol';
import { AtolWebDriver } from './atol-web';
import { NOT_RECEIVED, RegisterUnreachable } from './driver';

const operator = { name: 'Кассир Петрова А.' };
const sale = {
  type: 'sell',
  operator,
  items: [
    {
      type: 'position',
      name: 'Билет',
      price: 350,
      quantity: 1,
      amount: 350,
      paymentMethod: 'fullPayment',
      paymentObject: 'service',
      tax: { type: 'none' },
    },
  ],
  payments: [{ type: 'cash', sum: 500 }],
  total: 350,
};

let dataDir: string;
let atol: AtolEmulator;
let driver: AtolWebDriver;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-atol-client-'));
  atol = await startAtolEmulator({ dataDir, latencyMs: 0 });
  driver = new AtolWebDriver({ url: atol.url, timeoutMs: 5000, pollMs: 5 });
  expect((await driver.run(randomUUID(), { type: 'openShift', operator })).status).toBe('ready');
});
afterAll(async () => {
  await atol?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the ATOL web-server driver', () => {
  it('runs a sale to its fiscal data, and answers a refusal with the register code', async () => {
    const answer = await driver.run(randomUUID(), sale);
    expect(answer).toMatchObject({ status: 'ready', result: { fiscalParams: { total: 350, fiscalReceiptNumber: 1 } } });
    atol.control.setFaults({ paperOut: true });
    expect(await driver.run(randomUUID(), sale)).toMatchObject({ status: 'error', code: 44 });
    atol.control.setFaults({ paperOut: false });
  });

  it('reads a lost answer back by the same uuid: one receipt, not two', async () => {
    const uuid = randomUUID();
    const before = atol.control.journal.length;
    atol.control.loseAnswers(1);
    expect(await driver.run(uuid, sale)).toMatchObject({ status: 'ready' });
    const sent = atol.control.journal.slice(before);
    expect(sent.map((j) => [j.uuid, j.task.type])).toEqual([[uuid, 'sell']]);
  });

  it('gives up on a task the server forgot after registering it (the register may have printed it)', async () => {
    const slow = await startAtolEmulator({ dataDir: fs.mkdtempSync(path.join(dataDir, 'slow-')), latencyMs: 200 });
    const client = new AtolWebDriver({ url: slow.url, timeoutMs: 5000, pollMs: 5 });
    const running = client.run(randomUUID(), { type: 'getShiftStatus' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    slow.control.forgetTasks();
    await expect(running).rejects.toThrow(RegisterUnreachable);
    await slow.close();
  });

  it('follows a task it gave up on by its uuid: read back once the server answers, never run twice', async () => {
    const uuid = randomUUID();
    const before = atol.control.journal.length;
    const impatient = new AtolWebDriver({ url: atol.url, timeoutMs: 50, pollMs: 5 });
    atol.control.silence(true);
    const lost = await impatient.run(uuid, sale).catch((err: unknown) => err);
    atol.control.silence(false);
    // The server took it without answering; the register printed it meanwhile.
    expect(lost).toBeInstanceOf(RegisterUnreachable);
    expect((lost as RegisterUnreachable).acknowledged).toBe(false);
    expect(await driver.resume(uuid, sale, false)).toMatchObject({ status: 'ready' });
    expect(atol.control.journal.slice(before).map((j) => j.uuid)).toEqual([uuid]);
  });

  it('resumes a task the server never had by posting it under the same uuid, unless it had acknowledged it', async () => {
    const before = atol.control.journal.length;
    const acknowledged = randomUUID();
    await expect(driver.resume(acknowledged, sale, true)).rejects.toThrow(RegisterUnreachable);
    expect(atol.control.journal.length).toBe(before);
    const never = randomUUID();
    expect(await driver.resume(never, sale, false)).toMatchObject({ status: 'ready' });
    expect(atol.control.journal.slice(before).map((j) => j.uuid)).toEqual([never]);
    // Without repost (the follow-up of a sale already refused): a uuid the server never had is not posted.
    const unsent = randomUUID();
    expect(await driver.resume(unsent, sale, false, false)).toEqual(NOT_RECEIVED);
    expect(atol.control.journal.slice(before).map((j) => j.uuid)).toEqual([never]);
  });

  it('says the register is unreachable when nothing answers in time', async () => {
    const closed = await startAtolEmulator({ dataDir: fs.mkdtempSync(path.join(dataDir, 'closed-')), latencyMs: 0 });
    await closed.close();
    const client = new AtolWebDriver({ url: closed.url, timeoutMs: 30, pollMs: 5 });
    await expect(client.run(randomUUID(), sale)).rejects.toThrow(RegisterUnreachable);
  });
});
