#!/usr/bin/env bash
# npm run test:containers: builds the images (the local bases once per machine) and brings the compose
# shape up under podman-compose as a project of its own, with README's commands ("Scaling with docker
# compose", podman's; tests/system/compose.test.ts keeps the two the same) — PostgreSQL, Redis, the
# YooKassa emulator, migrate, 3 API and 2 worker containers, web (nginx) on a free port of 127.0.0.1 —
# runs the smoke test against it (smoke.ts) and takes it down with its volumes. Prints how long each
# part took. Needs root, podman, podman-compose and mmdebstrap (README.md here).
set -euo pipefail
cd "$(dirname "$0")/../.."
# Below the tests and builds of others sharing this machine, with every child.
renice -n 10 $$ >/dev/null
project="${KINO_STACK:-kinosmoke}"
started=$SECONDS
took() { echo "== $1 in $((SECONDS - started)) s"; }
trap 'took "test:containers failed"' ERR

scripts/containers/bases.sh >/dev/null

# What is local to these machines, given as environment so that the commands are README's: the local
# bases and the emulator (compose.local.yml over docker-compose.yml), web's port on this machine's
# loopback only, and the host's CA bundle in the build's RUN steps (a containers.conf of this run's).
export COMPOSE_FILE=docker-compose.yml:scripts/containers/compose.local.yml
WEB_PORT="127.0.0.1:$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
export WEB_PORT
ca=/etc/ssl/certs/ca-certificates.crt
build_conf="$(mktemp)"
{
  echo '[containers]'
  echo "volumes = [\"$ca:$ca:ro\"]"
  sed '/^\[containers\]$/d' /etc/containers/containers.conf 2>/dev/null || true
} >"$build_conf"

log="$(mktemp)"
export APP_SECRET=$(openssl rand -hex 32)
down() { podman-compose -p "$project" down -v -t 30 >/dev/null 2>&1 || true; }
trap 'down; rm -f "$build_conf" "$log"' EXIT
down

# podman-compose 1.0 exits 0 whatever podman did; it prints each command's exit code.
checked() { if grep -q '^exit code: [1-9]' "$log"; then cat "$log"; return 1; fi; }
CONTAINERS_CONF="$build_conf" podman-compose -p "$project" --podman-build-args='--format docker' build migrate web >"$log" 2>&1
checked
took "images built"
podman-compose -p "$project" up -d >"$log" 2>&1
checked
took "stack up"

KINO_STACK="$project" KINO_WEB="http://$WEB_PORT" npx tsx scripts/containers/smoke.ts
trap - ERR
took "test:containers passed"
