import { useCinema } from '../cinema/use-cinema';
import { useSiteUrl } from '../ssr/server-render';
import type { SeoSite } from './structured-data';

/** The site and its cinema for the structured data; null while the cinema's details are unknown (none is written). */
export function useSeoSite(): SeoSite | null {
  const url = useSiteUrl();
  const cinema = useCinema();
  return cinema ? { url, cinema } : null;
}
