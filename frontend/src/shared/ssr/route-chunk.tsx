/**
 * A page loaded as its own chunk (React.lazy) that tells a server render it was shown: the server then
 * links the chunk's stylesheets in the page's head (entry-server.tsx, from Vite's manifest),
 * so the HTML paints styled at once rather than when the chunk's script arrives (a late stylesheet moved
 * the page and delayed its largest paint).
 */
import { lazy, useContext, type ComponentType } from 'react';
import { ServerRenderContext } from './server-render';

/** `source`: the module as Vite's manifest names it ('src/app/routes/film.tsx'). */
export function routeChunk(source: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function RouteChunk() {
    useContext(ServerRenderContext)?.chunks.add(source);
    return <Page />;
  };
}
