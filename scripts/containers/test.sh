#!/usr/bin/env bash
# npm run test:containers: builds the images (the local bases once per machine), brings the compose
# shape up under podman-compose as a project of its own — PostgreSQL, Redis, the YooKassa emulator,
# migrate, 3 API and 2 worker containers, web (nginx) on a free port of 127.0.0.1 — runs the smoke
# test against it (smoke.ts) and takes it down with its volumes. Needs root, podman, podman-compose and mmdebstrap (README.md here).
set -euo pipefail
cd "$(dirname "$0")/../.."
project="${KINO_STACK:-kinosmoke}"
compose=(podman-compose -p "$project" -f docker-compose.yml -f scripts/containers/compose.local.yml)
APP_SECRET="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))")"
export APP_SECRET

started=$SECONDS
scripts/containers/build.sh
echo "== images built in $((SECONDS - started)) s"

# web's port, published on this machine's loopback only.
WEB_PORT="127.0.0.1:$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
export WEB_PORT

down() { "${compose[@]}" down -v -t 30 >/dev/null 2>&1 || true; }
trap down EXIT
down
# Every service of docker-compose.yml, and the emulator.
"${compose[@]}" up -d >/dev/null
KINO_STACK="$project" KINO_WEB="http://$WEB_PORT" nice -n 10 npx tsx scripts/containers/smoke.ts
echo "== test:containers passed in $((SECONDS - started)) s"
