/**
 * The server render (vite build --ssr → dist-ssr/entry-server.js), loaded by the API process that
 * serves the site (backend/src/web). One call renders one address into the built index.html: the
 * page's HTML with its data, its head (title, description, canonical address, Open Graph and
 * Twitter card tags) and the query cache it ended with, which the browser hydrates (main.tsx).
 */
import { cinemaName, setCinemaTimeZone, type CinemaSettings } from '@kino/backend/contract';
import { StrictMode, type ReactNode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, createQueryClient } from './app/app';
import { queryKeyOf, setApiOrigin } from './shared/api/client';
import { defaultDescription, fullTitle } from './shared/lib/page-meta';
import { imageUrl } from './shared/lib/image';
import { PAGE_STATE_ID, serializePageState } from './shared/ssr/page-state';
import { ServerRender, ServerRenderContext } from './shared/ssr/server-render';

export interface RenderRequest {
  /** The address as requested: path and query. */
  url: string;
  /** The built index.html, its time zone filled in. */
  template: string;
  /** Where this process answers the API (its own loopback address). */
  apiOrigin: string;
  /** The site's public address (PUBLIC_URL): canonical addresses and preview images. */
  siteUrl: string;
  timeZone: string;
  /** The GET endpoints a guest may call, by their contract key ('GET /films/:id'). */
  publicReads: ReadonlySet<string>;
  /** Vite's build manifest (dist/.vite/manifest.json): the files each lazy page needs. */
  manifest?: Record<string, ManifestChunk>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** A server render that takes longer than this gives up (the browser renders the page instead). */
const RENDER_TIMEOUT_MS = 10_000;

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  setCinemaTimeZone(request.timeZone);
  setApiOrigin(request.apiOrigin);
  const queryClient = createQueryClient();
  const server = new ServerRender(request.publicReads, request.siteUrl);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={request.url}>{children}</StaticRouter>
  );
  const body = await renderToString(
    <StrictMode>
      <ServerRenderContext value={server}>
        <App queryClient={queryClient} router={Router} />
      </ServerRenderContext>
    </StrictMode>,
  );
  const pathname = new URL(request.url, request.siteUrl).pathname;
  const stylesheets = chunkStylesheets(request.manifest, server.chunks, request.template);
  // The name every page's header loaded (the settings), for the title and the link preview.
  const cinema = cinemaName(queryClient.getQueryData<CinemaSettings | null>(queryKeyOf('GET /settings/cinema')));
  const html = paintFirst(request.template)
    .replace('</head>', () => `${stylesheets}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => headTags(server, request.siteUrl, pathname, cinema))
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div><script type="application/json" id="${PAGE_STATE_ID}">${serializePageState(queryClient)}</script>`,
    );
  queryClient.clear();
  return { status: server.status, html };
}

/**
 * The whole page once every lazy page and public read has arrived: written in one piece, so the
 * HTML is complete without scripts (no streamed segments, which would need inline scripts the
 * Content-Security-Policy refuses, and a crawler without JavaScript could not read).
 */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, however large (React outlines big ones into segments by default).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

/** The page's <head> tags: title, description, canonical address, link preview (Open Graph, Twitter). */
function headTags(
  { meta, status, noIndex }: Pick<ServerRender, 'meta' | 'status' | 'noIndex'>,
  siteUrl: string,
  pathname: string,
  cinema: string,
): string {
  const title = fullTitle(cinema, meta.title);
  const description = meta.description ?? defaultDescription(cinema);
  const image = imageUrl(meta.image);
  const url = absolute(siteUrl, pathname);
  const tags: [string, string][] = [
    ['og:type', meta.type ?? 'website'],
    ['og:site_name', cinema],
    ['og:locale', 'ru_RU'],
    ['og:title', meta.title ?? cinema],
    ['og:description', description],
    ['og:url', url],
    ...(image ? ([['og:image', absolute(siteUrl, image)]] as [string, string][]) : []),
  ];
  const twitter: [string, string][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title ?? cinema],
    ['twitter:description', description],
    ...(image ? ([['twitter:image', absolute(siteUrl, image)]] as [string, string][]) : []),
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    // A film's picture is its page's backdrop and largest paint: fetched with the HTML.
    ...(image && meta.type === 'video.movie'
      ? [`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`]
      : []),
    `<meta name="description" content="${escapeHtml(description)}" />`,
    // A missing page is no page, and a site being set up has none yet: nothing to index under the address.
    status === 200 && !noIndex
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
    ...twitter.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}

/**
 * A page rendered here is whole without scripts: it paints from its HTML and stylesheets, and the app that
 * hydrates it is loaded after that first frame (public/paint-first.js) rather than with the HTML, where its
 * download and compilation held the first paint on a slow phone. So the page names its entry for the loader
 * and preloads none of the app's modules. The page shell the browser renders keeps Vite's tags.
 */
function paintFirst(template: string): string {
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<script defer src="/paint-first.js" data-entry="$1"></script>',
    );
}

/**
 * The stylesheets of the lazy pages the render showed and of what they import, less what the page links
 * already: in the head, so the HTML paints styled (their modules come with the app, after the first paint).
 */
function chunkStylesheets(
  manifest: Record<string, ManifestChunk> | undefined,
  chunks: ReadonlySet<string>,
  template: string,
): string {
  if (!manifest) return '';
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  chunks.forEach(visit);
  return [...css]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `  <link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">\n`)
    .join('');
}
