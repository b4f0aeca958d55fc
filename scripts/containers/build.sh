#!/usr/bin/env bash
# Builds the app image (API and workers) and the web image from the Dockerfile on the local bases
# (bases.sh), with podman. The Dockerfile's defaults stay the public images; only the build
# arguments differ. Prints the sizes.
set -euo pipefail
cd "$(dirname "$0")/../.."
"$(dirname "$0")/bases.sh" >/dev/null
ca=/etc/ssl/certs/ca-certificates.crt
build() {
  # --format docker keeps the HEALTHCHECK (the OCI format has none).
  nice -n 10 podman build --format docker --volume "$ca:$ca:ro" \
    --build-arg NODE_IMAGE=kino-local/node:24 --build-arg NODE_RUNTIME_IMAGE=kino-local/node:24-runtime \
    --build-arg NGINX_IMAGE=kino-local/nginx:1.22 --build-arg NODE_EXTRA_CA_CERTS="$ca" "$@" .
}
build --target app -t kino-app
build --target web -t kino-web
podman images --filter reference=kino-app --filter reference=kino-web --format '{{.Repository}}: {{.Size}}'
