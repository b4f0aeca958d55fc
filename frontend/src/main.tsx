import { setCinemaTimeZone } from '@kino/backend/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app';
import { hydratePageState } from './shared/ssr/page-state';
import { z } from 'zod';
import './app/styles/global.css';

// zod without its compiled fast path: its probe for `new Function` is an eval the CSP refuses (a console error).
z.config({ jitless: true });

// The cinema's zone comes from the server with the page (see backend/src/contract/time.ts).
const zone = document.querySelector<HTMLMetaElement>('meta[name="cinema-time-zone"]')?.content;
try {
  if (zone) setCinemaTimeZone(zone);
} catch {
  // An unknown zone keeps the default rather than breaking the site.
}

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} router={BrowserRouter} />
  </StrictMode>
);
const root = document.getElementById('root')!;
// A page the server rendered becomes live where it stands; the Vite dev server's empty one is rendered here.
if (hydratePageState(queryClient)) hydrateRoot(root, app);
else createRoot(root).render(app);
