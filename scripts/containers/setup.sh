#!/usr/bin/env bash
# What npm run test:containers needs on a machine, installed when it is missing (root; .ci/run runs
# this): podman, podman-compose, mmdebstrap and runc from Debian, and a containers.conf that lets
# containers start in this sandbox (README.md here says why).
set -euo pipefail
missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v podman-compose >/dev/null 2>&1 || missing+=(podman-compose)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
command -v runc >/dev/null 2>&1 || missing+=(runc)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # With their recommended packages: netavark and aardvark-dns (the networks' DNS), buildah, uidmap.
  apt-get install -y -q "${missing[@]}"
fi

conf=/etc/containers/containers.conf
if ! grep -qs '^default_ulimits = \[\]' "$conf" || ! grep -qs '^runtime = "runc"' "$conf"; then
  echo "== writing $conf (default_ulimits = [], runtime runc)"
  mkdir -p /etc/containers
  [ -e "$conf" ] && cp "$conf" "$conf.before-kino"
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' > "$conf"
fi
