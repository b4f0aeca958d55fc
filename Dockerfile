# syntax=docker/dockerfile:1
# One image for the API and the workers (SERVICES picks the role), and a web image with the
# built site behind nginx. Build: docker compose build.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN PUPPETEER_SKIP_DOWNLOAD=true npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# The site: static files, with /api, /storage and /socket.io proxied to the API processes.
FROM nginx:1.27-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html

# API and workers.
FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app /app
COPY . .
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "scripts/start.ts"]
