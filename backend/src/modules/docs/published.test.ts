/**
 * The published contract as tools outside the project read it: GET /api/openapi.json passes Redocly's
 * recommended rules with no problem at all, and a client generated from it by openapi-typescript
 * type-checks against typed calls — which then run against the API.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../testing/factories';
import { useTestApi } from '../../testing/api';

const api = useTestApi();

/** The calls a client writes with the generated types: what is sent and what comes back. */
const CALLS = `
import type { operations } from './api';

// The one browser API the calls use (no DOM library: it alone would triple the type-check's time).
declare function fetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ ok: boolean; status: number; text(): Promise<string>; json(): Promise<unknown> }>;

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Answer<O extends keyof operations, S extends keyof operations[O]['responses']> = Json<operations[O]['responses'][S]>;
type Body<O extends keyof operations> = Json<NonNullable<operations[O]['requestBody']>>;
type PathOf<O extends keyof operations> = NonNullable<operations[O]['parameters']['path']>;

async function send(base: string, method: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + '/api' + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(method + ' ' + path + ': ' + res.status + ' ' + (await res.text()));
  return res.json();
}

export const openShift = (base: string, token: string, body: Body<'postShiftsOpen'>) =>
  send(base, 'POST', '/shifts/open', token, body) as Promise<Answer<'postShiftsOpen', 201>>;

export const shiftReport = (base: string, token: string, { id }: PathOf<'getShiftsById'>) =>
  send(base, 'GET', '/shifts/' + id, token) as Promise<Answer<'getShiftsById', 200>>;

/** Every payment method is a property of its own in the report. */
export const cashInDrawer = (report: Answer<'getShiftsById', 200>): number =>
  report.float + report.sales.cash.amount - report.refunds.cash.amount;

export const takings = (report: Answer<'getShiftsById', 200>): number =>
  report.sales.cash.amount + report.sales.card.amount + report.sales.online.amount;

// @ts-expect-error the till takes no cheques: a method the report does not have is refused
export const cheques = (report: Answer<'getShiftsById', 200>) => report.sales.cheque.amount;

// @ts-expect-error the float is a number of roubles
export const wordyFloat: Body<'postShiftsOpen'> = { float: 'много' };
`;

interface Calls {
  openShift(base: string, token: string, body: { float: number; till?: string }): Promise<{ id: number }>;
  shiftReport(base: string, token: string, path: { id: string }): Promise<{ expected: number }>;
  cashInDrawer(report: unknown): number;
  takings(report: unknown): number;
}

describe('the published OpenAPI document', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kino-openapi-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const fetchDocument = async () => {
    const { status, body } = await api.getJson('/api/openapi.json');
    expect(status).toBe(200);
    return body as OpenAPI3;
  };

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(await fetchDocument()),
      absoluteRef: path.join(dir, 'openapi.json'),
      config,
    });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`);
    expect(listed).toEqual([]);
  });

  it('generates a client whose typed calls type-check and then open and read a shift on the API', async () => {
    const types = astToString(await openapiTS(await fetchDocument()));
    await fs.writeFile(path.join(dir, 'api.ts'), types);
    const calls = path.join(dir, 'calls.ts');
    await fs.writeFile(calls, CALLS);

    const program = ts.createProgram([calls], {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      skipLibCheck: true,
      types: [],
      noEmit: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const js = path.join(dir, 'calls.mjs');
    const { outputText } = ts.transpileModule(CALLS, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    await fs.writeFile(js, outputText);
    const client = (await import(pathToFileURL(js).href)) as Calls;

    const cashier = await buildSignedInUser(api.ctx, { role: 'cashier' });
    const opened = await client.openShift(api.t.url, cashier.token, { float: 1500, till: 'Касса SDK' });
    const report = await client.shiftReport(api.t.url, cashier.token, { id: String(opened.id) });
    expect(client.cashInDrawer(report)).toBe(1500);
    expect(client.cashInDrawer(report)).toBe(report.expected);
    expect(client.takings(report)).toBe(0);
  }, 90_000);
});
