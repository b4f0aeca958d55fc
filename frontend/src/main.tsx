import { setCinemaTimeZone } from '@kino/backend/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles/global.css';

// The cinema's zone comes from the server with the page (see backend/src/contract/time.ts).
const zone = document.querySelector<HTMLMetaElement>('meta[name="cinema-time-zone"]')?.content;
try {
  if (zone) setCinemaTimeZone(zone);
} catch {
  // An unknown zone keeps the default rather than breaking the site.
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
