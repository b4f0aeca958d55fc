/** How a failed exchange with Kinopoisk reaches the staff member: our error shape, in Russian. */
import { AppError } from '../../../lib/http/errors';

export const importNotConfigured = () =>
  new AppError(
    'import_not_configured',
    'Импорт с Кинопоиска не настроен: на сервере не задан ключ API Кинопоиска. Обратитесь к администратору',
  );

export const kinopoiskNotFound = (message: string) => new AppError('kinopoisk_not_found', message);

export const kinopoiskRejected = () =>
  new AppError(
    'kinopoisk_rejected',
    'Кинопоиск отклонил запрос: ключ API неверен или его лимит исчерпан. Обратитесь к администратору',
  );

export const kinopoiskRateLimited = (retryAfter?: number) =>
  new AppError(
    'kinopoisk_rate_limited',
    'Кинопоиск просит подождать: слишком много запросов. Попробуйте через минуту',
    retryAfter === undefined ? undefined : { retryAfter },
  );

export const kinopoiskUnavailable = (message = 'Кинопоиск не отвечает. Попробуйте позже') =>
  new AppError('kinopoisk_unavailable', message);

export const kinopoiskIncomplete = (message: string) => new AppError('kinopoisk_incomplete', message);

/** True for the 404 of a Kinopoisk answer (the callers that read "nothing there" as empty use it). */
export const isKinopoiskNotFound = (err: unknown) => err instanceof AppError && err.code === 'kinopoisk_not_found';
