/**
 * Uploaded images: multer keeps the upload in memory, sharp decodes it (so only real images pass,
 * whatever the file claims to be), resizes it and writes a WebP under <storageDir>/images/<folder>/,
 * served at /storage/images/<folder>/<file>. Nothing is written for a file that is not an image.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import type { Config } from '../config';
import { AppError, invalidInput } from './errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
export const NOT_AN_IMAGE = 'Загрузите изображение в формате JPEG, PNG, WebP, GIF или AVIF';

/** Reads one file of multipart field `field` into `req.file`; larger than `maxBytes` → 413, another field → 400. */
export function imageUpload(field: string, maxBytes: number): RequestHandler {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1 } }).single(field);
  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          const mb = Math.round(maxBytes / 1024 / 1024);
          return next(
            new AppError('payload_too_large', `Файл больше ${mb} МБ`, { fields: { [field]: `Не больше ${mb} МБ` } }),
          );
        }
        return next(invalidInput({ [field]: `Отправьте один файл в поле «${field}»` }));
      }
      next(err);
    });
  };
}

export interface ImageTarget {
  /** Folder under storage/images, e.g. 'avatars'. */
  folder: string;
  /** The form field, for the error message. */
  field: string;
  width: number;
  height: number;
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
    const image = sharp(file.buffer, { failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format}`);
    webp = await image.rotate().resize(target.width, target.height, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw invalidInput({ [target.field]: NOT_AN_IMAGE }, NOT_AN_IMAGE);
  }
  const name = `${target.folder}/${randomUUID()}.webp`;
  await fs.mkdir(path.join(config.storageDir, 'images', target.folder), { recursive: true });
  await fs.writeFile(storedImagePath(config, name), webp);
  return name;
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
