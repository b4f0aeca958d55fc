/**
 * The trailer embed accepts two video hosts (docs/product.md §2): YouTube, by the 11-character video id
 * in any of its link forms, and Rutube, by its 32-character video id. Any other link embeds nothing.
 * One rule for the player (film page) and the server (a film's trailer chosen at import, the film
 * edit's validation), so a link the server keeps is always one the page can play.
 */
import { TRAILER_EMBED_ORIGINS } from './constants';

export interface TrailerEmbed {
  host: 'youtube' | 'rutube';
  id: string;
  src: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const RUTUBE_ID = /^[0-9a-f]{32}$/i;
const YOUTUBE_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
];

function youtubeId(url: URL): string | undefined {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1];
  if (!YOUTUBE_HOSTS.includes(url.hostname)) return undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v' ? id : undefined;
}

function rutubeId(url: URL): string | undefined {
  if (url.hostname !== 'rutube.ru' && url.hostname !== 'www.rutube.ru') return undefined;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'video') return parts[1];
  if (parts[0] === 'play' && parts[1] === 'embed') return parts[2];
  return undefined;
}

/** The embeddable player for a trailer link, or null when the link is not from an accepted host. */
export function trailerEmbed(link: string | null | undefined): TrailerEmbed | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt))
    return { host: 'youtube', id: yt, src: `${TRAILER_EMBED_ORIGINS.youtube}/embed/${yt}` };
  const rt = rutubeId(url);
  if (rt && RUTUBE_ID.test(rt))
    return { host: 'rutube', id: rt, src: `${TRAILER_EMBED_ORIGINS.rutube}/play/embed/${rt}` };
  return null;
}
