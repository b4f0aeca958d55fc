/** Downloading and storing a remote image, against a real HTTP server on loopback (the Kinopoisk fake's /images). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKinopoisk, type FakeKinopoisk } from '../../testing/kinopoisk-fake';
import { RemoteImageError, storedImagePath, storeRemoteImage } from './images';

const size = { folder: 'remote', width: 60, height: 60, fit: 'inside' } as const;
const limits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 1000 };

describe('storeRemoteImage', () => {
  let server: FakeKinopoisk;
  let storageDir: string;
  const config = () => ({ storageDir });
  const storedFiles = () => {
    const dir = path.join(storageDir, 'images', size.folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const refusal = (url: string, l = limits) =>
    storeRemoteImage(config(), url, size, l).then(
      () => {
        throw new Error('stored an image that should have been refused');
      },
      (err: unknown) => {
        expect(err).toBeInstanceOf(RemoteImageError);
        return err as RemoteImageError;
      },
    );

  beforeAll(async () => {
    server = await startFakeKinopoisk();
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-images-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it.each(['jpeg', 'png'] as const)('stores a %s as a WebP within the size, proportions kept', async (kind) => {
    const name = await storeRemoteImage(config(), server.image(`ok-${kind}`, kind), size, limits);
    expect(name).toMatch(/^remote\/[\w-]+\.webp$/);
    const meta = await sharp(storedImagePath(config(), name)).metadata();
    // The fake's pictures are 120×180: inside 60×60 they become 40×60.
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
  });

  it('reads the format from the bytes: a web page and an SVG sent as image/jpeg are refused, nothing stored', async () => {
    const before = storedFiles().length;
    expect((await refusal(server.image('page.jpg', 'not_an_image'))).reason).toBe('not_an_image');
    expect((await refusal(server.image('vector.jpg', 'svg'))).reason).toBe('not_an_image');
    expect(storedFiles()).toHaveLength(before);
  });

  it('stops reading a body over the limit while it streams (no Content-Length), nothing stored', async () => {
    const before = storedFiles().length;
    // Time enough to stream 10 MB on a busy machine: the limit that stops it must be the size.
    const err = await refusal(server.image('huge.jpg', 'oversized'), { ...limits, timeoutMs: 30_000 });
    expect(err.reason).toBe('too_large');
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a declared Content-Length over the limit', async () => {
    const err = await refusal(server.image('small.jpg', 'jpeg'), { ...limits, maxBytes: 100 });
    expect(err.reason).toBe('too_large');
  });

  it('reports the status of a server that does not send the image', async () => {
    expect(await refusal(server.image('gone.jpg', 'missing'))).toMatchObject({ reason: 'status', status: 404 });
    expect(await refusal(server.image('broken.jpg', 'server_error'))).toMatchObject({ reason: 'status', status: 500 });
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const err = await refusal(server.image('slow.jpg', 'hang'), { ...limits, timeoutMs: 300 });
    expect(err.reason).toBe('unreachable');
    expect(err.message).toContain('300 ms');
  });

  it('fetches only http(s) URLs', async () => {
    expect((await refusal('file:///etc/passwd')).reason).toBe('unreachable');
    expect((await refusal('not a url')).reason).toBe('unreachable');
  });
});
