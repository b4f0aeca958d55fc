/**
 * Pro.Культура's events API (REGISTRIES.md §2.9): the cinema's accepted Pushkin card film events, matched to a film by
 * its ПУ number (`rentalCertificate`), which is safer than by title. Pages of 100 until the list ends.
 */
import { RegistryError } from './client';

export interface ProcultureOptions {
  /** …/api/2.5 */
  url: string;
  apiKey: string;
  organizationId: string;
  timeoutMs: number;
}

const PAGE = 100;
/** More pages than any cinema's programme has: a list that never ends is a fault, not a loop. */
const MAX_PAGES = 50;

/** The event whose rental certificates include the ПУ number, or null. */
export async function findEventByPu(
  options: ProcultureOptions,
  puNumber: string,
): Promise<{ id: string; name: string } | null> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${options.url}/events`);
    url.search = new URLSearchParams({
      apiKey: options.apiKey,
      organizations: options.organizationId,
      categories: 'kino',
      isPushkinsCard: 'true',
      status: 'accepted',
      limit: String(PAGE),
      offset: String(page * PAGE),
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new RegistryError('unavailable', `Pro.Культура did not answer: ${(err as Error).message}`);
    }
    if (response.status === 403)
      throw new RegistryError('refused', 'Pro.Культура refused the API key (403)', { status: 403 });
    if (!response.ok)
      throw new RegistryError('unavailable', `Pro.Культура answered ${response.status}`, { status: response.status });
    const body = (await response.json().catch(() => null)) as {
      events?: { _id?: unknown; name?: unknown; rentalCertificate?: unknown }[];
    } | null;
    const events = Array.isArray(body?.events) ? body.events : [];
    for (const event of events) {
      const certificates = Array.isArray(event.rentalCertificate) ? event.rentalCertificate.map(String) : [];
      if (certificates.some((c) => c.replace(/\D/g, '') === puNumber))
        return { id: String(event._id), name: typeof event.name === 'string' ? event.name : '' };
    }
    if (events.length < PAGE) return null;
  }
  return null;
}
