/**
 * Rendering a page on the server (src/entry-server.tsx): what the page's components tell the server
 * while it renders — the public reads to load before the HTML is written, the page's status (404)
 * and its head (title, description, image). In the browser there is no server render: every hook
 * here does nothing there.
 */
import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { createContext, use, useContext } from 'react';

/** What a page says about itself for its <head> (and for link previews). */
export interface PageMeta {
  /** The page's own title; the cinema's name is added. */
  title?: string;
  description?: string;
  /** An image of the page (a poster, a promotion's picture), relative to the site or absolute. */
  image?: string | null;
  /** Open Graph type: 'website' unless said otherwise. */
  type?: 'website' | 'article' | 'video.movie' | 'profile';
}

/** One server render: what the page's components told it. */
export class ServerRender {
  /** The answer's status: 200, or 404 once a page says its thing does not exist. */
  status = 200;
  /** A page not to be indexed though it answers (the site being set up). */
  noIndex = false;
  meta: PageMeta = {};
  /** The lazy pages shown, as Vite's manifest names their modules (route-chunk.tsx). */
  readonly chunks = new Set<string>();
  /** One load per query, shared by every render pass that asks for it. */
  private readonly loads = new Map<string, Promise<void>>();

  /**
   * `publicReads`: the reads a guest may make (GET endpoints with public access), loaded before the
   * HTML is written; `siteUrl`: the site's public address (PUBLIC_URL).
   */
  constructor(
    private readonly publicReads: ReadonlySet<string>,
    readonly siteUrl: string,
  ) {}

  load(client: QueryClient, key: string, queryKey: QueryKey, queryFn: QueryFunction): Promise<void> | undefined {
    if (!this.publicReads.has(key)) return undefined;
    const hash = JSON.stringify(queryKey);
    let load = this.loads.get(hash);
    if (!load) {
      load = client.prefetchQuery({ queryKey, queryFn, retry: false });
      this.loads.set(hash, load);
    }
    return load;
  }

  notFound(): void {
    this.status = 404;
  }

  hide(): void {
    this.noIndex = true;
  }

  describe(meta: PageMeta): void {
    this.meta = meta;
  }
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/**
 * Used by useApiQuery: on the server a public read suspends the render until its answer (or its
 * error, e.g. a 404) is in the query cache, so the HTML carries the data; the browser starts from
 * the same cache (dehydrated into the page).
 */
export function useServerLoad(
  client: QueryClient,
  key: string,
  queryKey: QueryKey,
  queryFn: QueryFunction,
  enabled: unknown,
): void {
  const server = useContext(ServerRenderContext);
  if (!server || (enabled !== undefined && enabled !== true)) return;
  const load = server.load(client, key, queryKey, queryFn);
  if (load) use(load);
}

/** A page of a thing that does not exist answers 404 (the server render; nothing in the browser). */
export function useNotFoundStatus(): void {
  useContext(ServerRenderContext)?.notFound();
}

/** A page search engines should not index (the site being set up); nothing in the browser. */
export function useNoIndex(): void {
  useContext(ServerRenderContext)?.hide();
}

/** The page's head on the server; the last page component to say it wins. */
export function useServerMeta(meta: PageMeta): void {
  useContext(ServerRenderContext)?.describe(meta);
}

/** The site's address: PUBLIC_URL on the server, the page's origin in the browser. */
export function useSiteUrl(): string {
  const server = useContext(ServerRenderContext);
  return server ? server.siteUrl : window.location.origin;
}
