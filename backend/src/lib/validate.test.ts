import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../contract/errors';
import { z } from '../contract/zod';
import { schema } from '../db';
import { createTestContext, type TestContext } from '../testing/harness';
import { AppError } from './errors';
import { errorHandler } from './http';
import { endpoint } from './validate';

/** A tiny app on the real middleware: validation in front of a handler that writes a genre. */
describe('validate() and the JSON error shape', () => {
  let ctx: TestContext;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const app = express();
    app.use(express.json());
    app.post(
      '/genres/:kind',
      endpoint(
        {
          params: z.object({ kind: z.enum(['main', 'extra']) }),
          query: z.object({ dry: z.enum(['0', '1']).default('0') }),
          body: z.object({ name: z.string().trim().min(2).max(100), weight: z.number().int().positive().optional() }),
        },
        async ({ params, query, body }) => {
          if (query.dry === '1') return { dry: true, kind: params.kind };
          const [genre] = await ctx.db.insert(schema.genres).values({ name: body.name }).returning();
          return genre;
        },
        201,
      ),
    );
    app.get('/boom', () => {
      throw new Error('kaboom');
    });
    app.get('/conflict', () => {
      throw new AppError('seat_taken', 'Место уже занято', { seat: 'r1m1' });
    });
    app.use(errorHandler(ctx.logger));
    server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await ctx.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const genreCount = async () => (await ctx.db.select().from(schema.genres)).length;

  it('returns 201 with the parsed and trimmed input', async () => {
    const res = await post('/genres/main', { name: '  драма ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'драма' });
  });

  it('returns 400 invalid_input naming every bad field in Russian, and writes nothing', async () => {
    const before = await genreCount();
    const res = await post('/genres/other?dry=2', { name: 'x', weight: -1 });
    expect(res.status).toBe(400);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('invalid_input');
    const fields = (body.error.details as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['dry', 'kind', 'name', 'weight']);
    expect(fields.name).toMatch(/[а-я]/);
    expect(await genreCount()).toBe(before);
  });

  it('returns 400 for a wrong type or a missing body, and writes nothing', async () => {
    const before = await genreCount();
    expect((await post('/genres/main', { name: 42 })).status).toBe(400);
    expect((await fetch(base + '/genres/main', { method: 'POST' })).status).toBe(400);
    expect(await genreCount()).toBe(before);
  });

  it('stores SQL-looking text as plain text', async () => {
    const name = "x'); drop table genres; --";
    expect((await post('/genres/main', { name })).status).toBe(201);
    expect((await ctx.db.select().from(schema.genres)).map((g) => g.name)).toContain(name);
  });

  it('returns 400 invalid_json for a malformed body', async () => {
    const res = await fetch(base + '/genres/main', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('invalid_json');
  });

  it('returns an AppError with its status, code and details', async () => {
    const res = await fetch(base + '/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'seat_taken', message: 'Место уже занято', details: { seat: 'r1m1' } },
    });
  });

  it('returns 500 internal without leaking the error', async () => {
    const res = await fetch(base + '/boom');
    expect(res.status).toBe(500);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('internal');
    expect(JSON.stringify(body)).not.toContain('kaboom');
  });
});
