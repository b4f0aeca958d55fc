# syntax=docker/dockerfile:1
# One image for the API and the workers (SERVICES picks the role), and a web image with the
# built site behind nginx. Build: docker compose build (README.md).
#
# The app image holds compiled JavaScript (npm run build:server) and production dependencies only,
# runs as the unprivileged `node` user and reports its liveness to Docker.

ARG NODE_IMAGE=node:24-bookworm-slim
# What the app runs on: by default the same image; a smaller one needs only the node binary and a shell.
ARG NODE_RUNTIME_IMAGE=${NODE_IMAGE}
# The web front: an nginx image whose entry point fills in /etc/nginx/templates (the official one's).
ARG NGINX_IMAGE=nginx:1.27-alpine

# Every dependency, for building. Behind a TLS-inspecting proxy, mount its CA bundle for the build
# and name it in NODE_EXTRA_CA_CERTS (scripts/containers/test.sh does); no image keeps either.
FROM ${NODE_IMAGE} AS deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN PUPPETEER_SKIP_DOWNLOAD=true npm ci --no-audit --no-fund

# The site (frontend/dist) and the server (backend/dist, workers/dist, scripts/dist).
FROM deps AS build
COPY . .
RUN npm run build && npm run build:server

# The site as the API needs it (the page template, the server render bundle, the assets it serves
# without nginx) without source maps: nginx serves those from the web image.
FROM build AS site
RUN find frontend/dist frontend/dist-ssr -name '*.map' -delete

# Production dependencies of the backend and the workers only (no TypeScript, tsx, Vite, test tools).
FROM ${NODE_IMAGE} AS prod-deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
# Type declarations, source maps and readmes are never loaded at run time.
RUN npm ci --omit=dev --workspace backend --workspace workers --no-audit --no-fund && npm cache clean --force \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' -o -name '*.md' \) -delete

# The site: the built assets from disk; pages (rendered on the server), /api, /storage and
# /socket.io proxied to the API processes. The entry point writes the configuration at start: the
# name server from /etc/resolv.conf (Docker's 127.0.0.11, podman's network gateway) and whether
# this nginx re-resolves the api service (docker/nginx-upstream.envsh).
FROM ${NGINX_IMAGE} AS web
COPY docker/nginx-upstream.envsh /docker-entrypoint.d/18-kino-upstream.envsh
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY docker/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html

# API and workers.
FROM ${NODE_RUNTIME_IMAGE} AS app
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json ./
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY backend/drizzle backend/drizzle
COPY backend/seed-assets backend/seed-assets
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/scripts/dist scripts/dist
# The pages: the built index.html (their template) and the server render bundle (self-contained).
COPY --from=site /app/frontend/dist frontend/dist
COPY --from=site /app/frontend/dist-ssr frontend/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness: the process answers on its port (API, or the probes of a workers-only process).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Docker sends SIGTERM on stop; the process drains (SHUTDOWN_TIMEOUT_SECONDS, 25 s by default).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/dist/start.js"]
