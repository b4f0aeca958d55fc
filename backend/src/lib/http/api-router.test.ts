import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { ErrorBodySchema } from '../../contract/errors';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildSignedInUser } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/harness';
import { apiRouter, type HandlerMap } from './api-router';
import { AppError } from './errors';
import { errorHandler } from './middleware';

const api = useTestApi();
const reviewCount = async () => (await api.ctx.db.select().from(schema.reviews)).length;

describe('a declared endpoint, mounted', () => {
  it('returns 400 invalid_input naming every bad field of params and body in Russian, and writes nothing', async () => {
    const { token } = await buildSignedInUser(api.ctx);
    const before = await reviewCount();
    const { status, body } = await api.t.call(
      'POST /reviews/:id/store',
      { params: { id: 'abc' }, body: { title: '', type_rating: 5 } },
      token,
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    const fields = (body.error.details as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['comment', 'id', 'title', 'type_rating']);
    expect(fields.title).toMatch(/[а-я]/);
    expect(await reviewCount()).toBe(before);
  });

  it('returns 401 to a guest before it looks at the input', async () => {
    const { status, body } = await api.t.call('POST /reviews/:id/store', { params: { id: 'abc' }, body: {} });
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthenticated');
  });

  it('returns 201 with the declared answer and stores SQL-looking text as plain text', async () => {
    const { token } = await buildSignedInUser(api.ctx);
    const film = await buildFilm(api.ctx.db);
    const title = "x'); drop table reviews; --";
    const { status, body } = await api.t.call(
      'POST /reviews/:id/store',
      { params: { id: film.id }, body: { title, comment: 'Хорошо', type_rating: 1 } },
      token,
    );
    expect(status).toBe(201);
    expect(API['POST /reviews/:id/store'].response.parse(body).title).toBe(title);
  });

  it('returns 400 invalid_json for a malformed body', async () => {
    const res = await api.t.fetch('/api/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('invalid_json');
  });
});

describe('apiRouter', () => {
  /** A handler for every declared endpoint, answering `answer`. */
  const everyEndpoint = (answer: unknown) =>
    Object.fromEntries(Object.keys(API).map((key) => [key, () => answer])) as unknown as HandlerMap;

  it('refuses to start when a declared endpoint has no handler, or an undeclared one has', () => {
    const { 'GET /genres': _dropped, ...partial } = everyEndpoint([]);
    expect(() => apiRouter([partial], { checkResponses: true })).toThrow(/No handler for endpoint\(s\): GET \/genres/);
    expect(() => apiRouter([everyEndpoint([]), { 'GET /genres': () => [] }], { checkResponses: true })).toThrow(
      /more than one handler/,
    );
    expect(() =>
      apiRouter([{ ...everyEndpoint([]), 'GET /nowhere': () => [] } as HandlerMap], { checkResponses: true }),
    ).toThrow(/does not declare/);
  });

  describe('with answers off the contract', () => {
    let ctx: TestContext;
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      ctx = await createTestContext();
      const app = express();
      app.use('/api', apiRouter([everyEndpoint({ password: 'leaked' })], { checkResponses: true }));
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

    it('returns 500 internal instead of an answer that does not match its schema, without leaking it', async () => {
      const res = await fetch(`${base}/api/genres`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(ErrorBodySchema.parse(JSON.parse(text)).error.code).toBe('internal');
      expect(text).not.toContain('leaked');
    });

    it('returns an AppError with its status, code and details', async () => {
      const res = await fetch(`${base}/conflict`);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: { code: 'seat_taken', message: 'Место уже занято', details: { seat: 'r1m1' } },
      });
    });
  });
});
