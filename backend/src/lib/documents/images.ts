/**
 * Stored images: whatever the source — an upload (multer keeps it in memory) or a download from a
 * provider (the film import) — sharp decodes the bytes (so only real images pass, whatever the file
 * or the server claims it is; SVG is refused), resizes them and writes a WebP under
 * <storageDir>/images/<folder>/, served at /storage/images/<folder>/<file>. Nothing is written for
 * bytes that are not an image.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../config';
import { invalidInput } from '../http/errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
export const NOT_AN_IMAGE = 'Загрузите изображение в формате JPEG, PNG, WebP, GIF или AVIF';

export interface ImageSize {
  /** Folder under storage/images, e.g. 'avatars'. */
  folder: string;
  width: number;
  height: number;
  /** 'cover' (default) crops to exactly width × height; 'inside' keeps the proportions within them, never enlarging. */
  fit?: 'cover' | 'inside';
}

export interface ImageTarget extends ImageSize {
  /** The form field, for the error message. */
  field: string;
}

class NotAnImageError extends Error {}

/** Decodes with sharp (the format is read from the bytes) and re-encodes to WebP; NotAnImageError otherwise. */
async function encodeWebp(bytes: Buffer, size: ImageSize, limitInputPixels?: number): Promise<Buffer> {
  try {
    const image = sharp(bytes, { failOn: 'error', animated: false, ...(limitInputPixels ? { limitInputPixels } : {}) });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format}`);
    const fit = size.fit ?? 'cover';
    return await image
      .rotate()
      .resize(size.width, size.height, { fit, withoutEnlargement: fit === 'inside' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw new NotAnImageError(err instanceof Error ? err.message : String(err));
  }
}

async function writeWebp(config: Pick<Config, 'storageDir'>, folder: string, webp: Buffer): Promise<string> {
  const name = `${folder}/${randomUUID()}.webp`;
  await fs.mkdir(path.join(config.storageDir, 'images', folder), { recursive: true });
  await fs.writeFile(storedImagePath(config, name), webp);
  return name;
}

/** The stored name relative to /storage/images, e.g. 'avatars/1f….webp'. */
export async function storeImage(
  config: Pick<Config, 'storageDir'>,
  file: Express.Multer.File | undefined,
  target: ImageTarget,
): Promise<string> {
  if (!file) throw invalidInput({ [target.field]: 'Выберите изображение' });
  let webp: Buffer;
  try {
    webp = await encodeWebp(file.buffer, target);
  } catch {
    throw invalidInput({ [target.field]: NOT_AN_IMAGE }, NOT_AN_IMAGE);
  }
  return writeWebp(config, target.folder, webp);
}

/**
 * Stores several uploads (checked and re-encoded like one) and runs `save` with their stored names,
 * in the same order. When a file is not an image or `save` fails, every file this call stored is
 * deleted before the error goes on: a refused form leaves nothing on disk.
 */
export async function withStoredImages<T>(
  config: Pick<Config, 'storageDir'>,
  uploads: readonly { file: Express.Multer.File | undefined; target: ImageTarget }[],
  save: (names: string[]) => Promise<T>,
): Promise<T> {
  const names: string[] = [];
  try {
    for (const { file, target } of uploads) names.push(await storeImage(config, file, target));
    return await save(names);
  } catch (err) {
    await Promise.all(names.map((name) => removeStoredImage(config, name)));
    throw err;
  }
}

/**
 * Why a remote image was not stored: the server could not be reached or did not answer in time
 * ('unreachable'), answered another status than 200 ('status', with it), sent more than the limit
 * ('too_large') or sent bytes that are not an accepted image ('not_an_image').
 */
export class RemoteImageError extends Error {
  override name = 'RemoteImageError';
  constructor(
    readonly reason: 'unreachable' | 'status' | 'too_large' | 'not_an_image',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface RemoteImageLimits {
  maxBytes: number;
  /** For the whole download, headers and body. */
  timeoutMs: number;
}

/** Remote images are decoded only up to this many pixels: a small file must not unpack into gigabytes. */
const REMOTE_MAX_PIXELS = 50_000_000;

/**
 * Downloads an image and stores it like an upload (never hot-linked): the size limit is enforced
 * while the body streams in, the format is sniffed from the bytes, not the Content-Type.
 * Answers the stored name; throws RemoteImageError. Only http(s) URLs are fetched.
 */
export async function storeRemoteImage(
  config: Pick<Config, 'storageDir'>,
  url: string,
  size: ImageSize,
  limits: RemoteImageLimits,
): Promise<string> {
  const bytes = await downloadImage(url, limits);
  let webp: Buffer;
  try {
    webp = await encodeWebp(bytes, size, REMOTE_MAX_PIXELS);
  } catch (err) {
    throw new RemoteImageError('not_an_image', `${url}: not an accepted image (${(err as Error).message})`);
  }
  return writeWebp(config, size.folder, webp);
}

async function downloadImage(url: string, { maxBytes, timeoutMs }: RemoteImageLimits): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RemoteImageError('unreachable', `not a URL: ${url}`);
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new RemoteImageError('unreachable', `not an http(s) URL: ${url}`);
  }
  const tooLarge = () => new RemoteImageError('too_large', `${url}: larger than ${maxBytes} bytes`);
  try {
    const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'image/*' } });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new RemoteImageError('status', `${url} answered HTTP ${res.status}`, res.status);
    }
    if (Number(res.headers.get('content-length')) > maxBytes) {
      await res.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof RemoteImageError) throw err;
    const reason =
      err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : causeOf(err);
    throw new RemoteImageError('unreachable', `${url}: ${reason}`);
  }
}

/** fetch reports network failures as "fetch failed" with the real reason (ECONNREFUSED…) on the cause. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/** Where a stored name lives on disk; throws for URLs and names that would leave the images folder. */
export function storedImagePath(config: Pick<Config, 'storageDir'>, name: string): string {
  const root = path.join(config.storageDir, 'images');
  const file = path.resolve(root, name);
  if (/^https?:/i.test(name) || !file.startsWith(root + path.sep)) throw new Error(`not a stored image: ${name}`);
  return file;
}

/** Deletes a stored image; URLs and already missing files are left alone. */
export async function removeStoredImage(config: Pick<Config, 'storageDir'>, name: string | null): Promise<void> {
  if (!name || /^https?:/i.test(name)) return;
  await fs.rm(storedImagePath(config, name), { force: true });
}
