import { AVATAR_MAX_BYTES } from '../../contract/accounts';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { AvatarResponseSchema, ProfileSchema } from '../../contract/profile';
import { schema } from '../../db';
import { buildSignedInUser, buildUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

const userRow = async (id: number) => (await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;
const errorOf = async (res: Response) => ErrorBodySchema.parse(await res.json()).error;

describe('GET /api/profile', () => {
  it('returns 200 with the signed-in viewer’s profile', async () => {
    const { user, token } = await buildSignedInUser(t.ctx, { fio: 'Пётр Профилев', birthday: '1999-09-09' });
    const res = await t.fetch('/api/profile', { token });
    expect(res.status).toBe(200);
    expect(ProfileSchema.parse(await res.json())).toEqual({
      id: user.id,
      fio: 'Пётр Профилев',
      email: user.email,
      birthday: '1999-09-09',
      avatar: null,
      provider: 'youth',
      role: 'customer',
      has_password: true,
    });
  });

  it('returns 401 for a guest', async () => {
    expect((await t.fetch('/api/profile')).status).toBe(401);
  });
});

describe('PATCH /api/profile/edit', () => {
  const edit = (token: string | undefined, json: unknown) =>
    t.fetch('/api/profile/edit', { method: 'PATCH', token, json });

  it('returns 200 with the changed profile, keeping what was not sent', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const res = await edit(token, { email: ' New.Address@Example.TEST', fio: 'Новое Имя' });
    expect(res.status).toBe(200);
    expect(ProfileSchema.parse(await res.json())).toMatchObject({
      email: 'new.address@example.test',
      fio: 'Новое Имя',
      birthday: user.birthday,
    });
    expect(await userRow(user.id)).toMatchObject({ email: 'new.address@example.test', fio: 'Новое Имя' });
  });

  it('clears the birth date with null', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    expect((await edit(token, { birthday: null })).status).toBe(200);
    expect((await userRow(user.id)).birthday).toBeNull();
  });

  it('returns 409 when the e-mail belongs to someone else, and changes nothing', async () => {
    const other = await buildUser(t.ctx.db);
    const { user, token } = await buildSignedInUser(t.ctx);
    const res = await edit(token, { email: other.email, fio: 'Не сохранится' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).details).toEqual({ fields: { email: 'Эта почта уже занята другим пользователем' } });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, fio: user.fio });
  });

  it.each([
    ['an empty body', {}],
    ['a malformed e-mail', { email: 'nope' }],
    ['an empty name', { fio: '' }],
    ['a birth date out of range', { birthday: '1989-12-31' }],
    ['a birth date of the wrong type', { birthday: 19900101 }],
  ])('returns 400 for %s, and changes nothing', async (_case, body) => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const res = await edit(token, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_input');
    expect(await userRow(user.id)).toEqual(user);
  });

  it('stores SQL-looking text as plain text', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const fio = "x' OR '1'='1";
    expect((await edit(token, { fio })).status).toBe(200);
    expect((await userRow(user.id)).fio).toBe(fio);
  });

  it('returns 401 for a guest', async () => {
    expect((await edit(undefined, { fio: 'Гость' })).status).toBe(401);
  });
});

describe('POST /api/upload-avatar', () => {
  const avatarsDir = () => path.join(t.ctx.config.storageDir, 'images', 'avatars');
  const storedFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()).sort() : []);
  const upload = (token: string | undefined, file: Blob, name = 'photo.png', field = 'image') => {
    const form = new FormData();
    form.append(field, file, name);
    return t.fetch('/api/upload-avatar', { method: 'POST', token, body: form });
  };
  const png = async (width: number, height: number) =>
    new Blob(
      [
        new Uint8Array(
          await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
            .png()
            .toBuffer(),
        ),
      ],
      { type: 'image/png' },
    );

  it('returns 200 with the stored name, serves the avatar resized to 256×256, and replaces the previous one', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const res = await upload(token, await png(800, 600));
    expect(res.status).toBe(200);
    const { namefile } = AvatarResponseSchema.parse(await res.json());
    expect(namefile).toMatch(/^avatars\/[\w-]+\.webp$/);
    expect((await userRow(user.id)).avatar).toBe(namefile);

    const served = await t.fetch(`/storage/images/${namefile}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const second = AvatarResponseSchema.parse(await (await upload(token, await png(100, 300), 'me.jpg')).json());
    expect((await userRow(user.id)).avatar).toBe(second.namefile);
    expect((await t.fetch(`/storage/images/${namefile}`)).status).toBe(404);
    expect((await t.fetch(`/storage/images/${second.namefile}`)).status).toBe(200);
  });

  it('returns 400 for a file that is not an image, even one named and typed as PNG, and stores nothing', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const before = storedFiles();
    const fake = new Blob(['<?php echo "not an image"; ?>'], { type: 'image/png' });
    const res = await upload(token, fake, 'avatar.png');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/Загрузите изображение/);
    expect(storedFiles()).toEqual(before);
    expect((await userRow(user.id)).avatar).toBeNull();
  });

  it('returns 413 for a file over 5 MB, and stores nothing', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    const before = storedFiles();
    const res = await upload(token, new Blob([new Uint8Array(AVATAR_MAX_BYTES + 1)], { type: 'image/png' }));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('payload_too_large');
    expect(storedFiles()).toEqual(before);
    expect((await userRow(user.id)).avatar).toBeNull();
  });

  it('returns 400 without a file or with the file in another field', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const before = storedFiles();
    expect((await t.fetch('/api/upload-avatar', { method: 'POST', token, body: new FormData() })).status).toBe(400);
    expect((await t.fetch('/api/upload-avatar', { method: 'POST', token, json: { image: 'x' } })).status).toBe(400);
    expect((await upload(token, await png(10, 10), 'a.png', 'avatar')).status).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it('returns 401 for a guest, and stores nothing', async () => {
    const before = storedFiles();
    expect((await upload(undefined, await png(10, 10))).status).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});
