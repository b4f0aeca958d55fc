# syntax=docker/dockerfile:1
# One image for the API and the workers (SERVICES picks the role), and a web image with the
# built site behind nginx. Build: docker compose build.
#
# The app image holds compiled JavaScript (npm run build:server) and production dependencies only,
# runs as the unprivileged `node` user and reports its liveness to Docker.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, for building.
FROM ${NODE_IMAGE} AS deps
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

# Production dependencies of the backend and the workers only (no TypeScript, tsx, Vite, test tools).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --workspace workers --no-audit --no-fund && npm cache clean --force

# The site: static files, with /api, /storage and /socket.io proxied to the API processes.
# nginx fills in ${CINEMA_TIMEZONE} from the environment when the container starts (templates/).
FROM nginx:1.27-alpine AS web
ENV CINEMA_TIMEZONE=Europe/Moscow
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY docker/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html

# API and workers.
FROM ${NODE_IMAGE} AS app
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
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness: the process answers on its port (API, or the probes of a workers-only process).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Docker sends SIGTERM on stop; the process drains (SHUTDOWN_TIMEOUT_SECONDS, 25 s by default).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/dist/start.js"]
