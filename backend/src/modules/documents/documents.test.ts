import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentListSchema, PublishedDocumentSchema } from '../../contract/documents';
import { DOCUMENT_SLUGS } from '../../contract/legal';
import { schema } from '../../db';
import { buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';

let t: TestApi;
let admin: string;
beforeAll(async () => {
  t = await startTestApi();
  admin = (await buildSignedInUser(t.ctx, { role: 'admin', fio: 'Админ Документов' })).token;
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const versions = async () => (await t.ctx.db.select({ n: count() }).from(schema.documentVersions))[0]!.n;

describe('GET /api/documents/{slug}', () => {
  it.each(DOCUMENT_SLUGS)('returns 200 with the draft of %s, marked for the lawyer, rendered to HTML', async (slug) => {
    const { status, body } = await t.call('GET /documents/:slug', { params: { slug } });
    expect(status).toBe(200);
    expect(PublishedDocumentSchema.parse(body)).toMatchObject({ slug, version: 1 });
    expect(body.html).toContain('Черновик для юриста кинотеатра');
    expect(body.html).toMatch(/<h2>/);
    expect(body.html).not.toMatch(/<h1>/);
    const [row] = await t.ctx.db.select().from(schema.documentVersions).where(eq(schema.documentVersions.slug, slug));
    expect(body.text_hash).toBe(sha256(row!.body));
  });

  it('returns 404 for a document that does not exist', async () => {
    const { status, body } = await t.call('GET /documents/:slug', { params: { slug: 'secret-plans' } });
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('PUT /api/documents/{slug}', () => {
  it('publishes a new version, shows it to the public and keeps the old one in the history', async () => {
    const before = (await t.call('GET /documents/:slug', { params: { slug: 'rules' } })).body;
    const edit = { title: 'Правила посещения', body: '# Правила\n\nНовая редакция: **без попкорна** в зале 4.' };
    const { status, body } = await t.call('PUT /documents/:slug', { params: { slug: 'rules' }, body: edit }, admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: 'rules',
      version: before.version + 1,
      ...edit,
      text_hash: sha256(edit.body),
      edited_by: { fio: 'Админ Документов' },
    });

    const published = (await t.call('GET /documents/:slug', { params: { slug: 'rules' } })).body;
    expect(published).toMatchObject({ version: before.version + 1, title: 'Правила посещения' });
    expect(published.html).toBe('<h2>Правила</h2>\n<p>Новая редакция: <strong>без попкорна</strong> в зале 4.</p>\n');

    const history = await t.call('GET /documents/:slug/versions', { params: { slug: 'rules' } }, admin);
    expect(history.body.data.map((v) => v.version)).toEqual([before.version + 1, before.version]);
    expect(history.body.data[1]).toMatchObject({ text_hash: before.text_hash, edited_by: null });

    const list = DocumentListSchema.parse((await t.call('GET /documents', {}, admin)).body);
    expect(list.data.map((d) => d.slug)).toEqual([...DOCUMENT_SLUGS]);
    expect(list.data.find((d) => d.slug === 'rules')!.version).toBe(before.version + 1);
  });

  it('renders raw HTML as text and drops script links: what the admin writes never runs on a page', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[нажми](javascript:alert(3)) [данные](data:text/html;base64,PHNjcmlwdD4=) [сайт](https://example.test/a)',
      '[почта](mailto:dpo@example.test) [оферта](/documents/offer)',
    ].join('\n\n');
    await t.call('PUT /documents/:slug', { params: { slug: 'cookies' }, body: { title: 'Cookie', body } }, admin);
    const { html } = (await t.call('GET /documents/:slug', { params: { slug: 'cookies' } })).body;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).not.toMatch(/<script|<img|href="(javascript|data):/i);
    expect(html).toContain('<a href="https://example.test/a" target="_blank" rel="noopener noreferrer">сайт</a>');
    expect(html).toContain('<a href="mailto:dpo@example.test">почта</a>');
    expect(html).toContain('<a href="/documents/offer">оферта</a>');
  });

  it.each([
    ['an empty text', { title: 'Оферта', body: '   ' }, 'body'],
    ['an empty title', { title: '', body: 'Текст' }, 'title'],
    ['an unknown field', { title: 'Оферта', body: 'Текст', draft: true }, 'draft'],
  ])('returns 400 for %s, naming the field, and publishes nothing', async (_case, edit, field) => {
    const before = await versions();
    const res = await t.call('PUT /documents/:slug', { params: { slug: 'offer' }, body: edit }, admin);
    expect(res.status).toBe(400);
    expect(Object.keys((res.body.error.details as { fields: object }).fields)).toContain(field);
    expect(await versions()).toBe(before);
  });

  it('returns 404 for an unknown document, 401 for a guest and 403 for a manager, and publishes nothing', async () => {
    const before = await versions();
    const edit = { title: 'Оферта', body: 'Текст' };
    expect((await t.call('PUT /documents/:slug', { params: { slug: 'nope' }, body: edit }, admin)).status).toBe(404);
    expect((await t.call('PUT /documents/:slug', { params: { slug: 'offer' }, body: edit })).status).toBe(401);
    const manager = (await buildSignedInUser(t.ctx, { role: 'manager' })).token;
    expect((await t.call('PUT /documents/:slug', { params: { slug: 'offer' }, body: edit }, manager)).status).toBe(403);
    expect(await versions()).toBe(before);
  });
});
