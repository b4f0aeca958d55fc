import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs separately (`npm start`); the dev server forwards to it. */
const api = process.env.KINO_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': api,
      '/storage': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The manifest lets `npm run bench:web` find what each route loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
  // The server render (`vite build --ssr src/entry-server.tsx`) is one self-contained bundle: the API
  // process loads it without the front end's packages installed (the production image has none).
  ssr: { noExternal: true },
});
