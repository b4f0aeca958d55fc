/**
 * The images of one import run. Each is downloaded and stored by the cinema (never hot-linked);
 * the run remembers what it stored so that a failed import leaves no file behind and a file that
 * lost a race (another run stored the same person first) can be dropped.
 *
 * A provider file that is missing (4xx), not an image, SVG or too large is skipped: the film or
 * person is imported without it and staff can upload one. A server that cannot be reached, times
 * out or fails (5xx) fails the import (502 kinopoisk_unavailable): trying again later may work.
 */
import type { AppContext } from '../../../context';
import { RemoteImageError, removeStoredImage, storeRemoteImage, type ImageSize } from '../../../lib/documents/images';
import { kinopoiskUnavailable } from '../kinopoisk/errors';

/** The largest image an import accepts. Kinopoisk's originals are well under it. */
export const IMPORT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Downloads (and person look-ups) in flight at once: quick on a fast network, gentle on Kinopoisk's 20 requests a second. */
export const IMPORT_CONCURRENCY = 4;

/** Stored sizes: the longest sides a page shows them at, proportions kept. */
export const IMPORT_IMAGE_SIZES = {
  poster: { folder: 'posters', width: 600, height: 900, fit: 'inside' },
  promo: { folder: 'promo', width: 1920, height: 1080, fit: 'inside' },
  still: { folder: 'stills', width: 1600, height: 1200, fit: 'inside' },
  person: { folder: 'persons', width: 400, height: 600, fit: 'inside' },
} as const satisfies Record<string, ImageSize>;

type ImagesCtx = Pick<AppContext, 'config' | 'logger'>;

export class ImportImages {
  /** Every file stored by this run, in order. */
  readonly stored: string[] = [];

  constructor(private readonly ctx: ImagesCtx) {}

  /** The stored name of the image at `url`, or null when there is none or the provider's file is unusable. */
  async store(url: string | null | undefined, size: ImageSize): Promise<string | null> {
    if (!url) return null;
    const { config, logger } = this.ctx;
    try {
      const name = await storeRemoteImage(config, url, size, {
        maxBytes: IMPORT_IMAGE_MAX_BYTES,
        timeoutMs: config.kinopoisk.timeoutMs,
      });
      this.stored.push(name);
      return name;
    } catch (err) {
      if (!(err instanceof RemoteImageError)) throw err;
      if (err.reason === 'unreachable' || (err.reason === 'status' && (err.status ?? 0) >= 500)) {
        logger.warn({ url, reason: err.message }, 'Kinopoisk image download failed; the import is abandoned');
        throw kinopoiskUnavailable('Не удалось скачать изображения с Кинопоиска. Попробуйте позже');
      }
      logger.warn({ url, reason: err.message }, 'Kinopoisk image skipped');
      return null;
    }
  }

  /**
   * The transaction committed: the files rows point at now belong to the database, the `unused`
   * ones (e.g. a photo of a person another import created first) are deleted.
   */
  async committed(unused: readonly string[] = []): Promise<void> {
    this.stored.length = 0;
    await this.remove(unused);
  }

  /** The import failed: every file stored and not yet committed is deleted. */
  async discard(): Promise<void> {
    await this.remove(this.stored.splice(0));
  }

  private async remove(names: readonly string[]) {
    await Promise.all(names.map((name) => removeStoredImage(this.ctx.config, name)));
  }
}

/**
 * Runs an import with an image store; on any failure the files stored and not yet committed are
 * deleted before the error goes on. `run` calls images.committed() right after its transaction.
 */
export async function withImportImages<T>(ctx: ImagesCtx, run: (images: ImportImages) => Promise<T>): Promise<T> {
  const images = new ImportImages(ctx);
  try {
    return await run(images);
  } catch (err) {
    await images.discard();
    throw err;
  }
}
