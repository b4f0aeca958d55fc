#!/bin/sh
# As the official image: `redis-server …` without a config file listens beyond loopback.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --bind '* -::*' --protected-mode no "$@"
fi
exec "$@"
