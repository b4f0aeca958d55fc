import { STORAGE_IMAGES_PATH } from '@kino/backend/contract';

/**
 * SPEC's image rule, in one place: a value starting with 'http' is used as is, anything else is a
 * file in the public storage images location, and an empty value means no image.
 */
export function imageUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith('http')) return trimmed;
  return `${STORAGE_IMAGES_PATH}/${trimmed.replace(/^\/+/, '')}`;
}
