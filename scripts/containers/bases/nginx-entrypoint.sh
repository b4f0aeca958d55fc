#!/bin/sh
# The official nginx image's entry point contract: before `nginx` starts, the scripts of
# /docker-entrypoint.d/ run in version order, *.envsh sourced (what they export reaches the scripts
# after them) and *.sh run; a script without its executable bit is skipped.
set -e
say() { [ -n "${NGINX_ENTRYPOINT_QUIET_LOGS:-}" ] || echo "$0: $*"; }
if [ "$1" = nginx ] || [ "$1" = nginx-debug ]; then
  find /docker-entrypoint.d/ -follow -type f -print | sort -V | while read -r script; do
    if [ ! -x "$script" ]; then
      say "ignoring $script, not executable"
      continue
    fi
    case "$script" in
      *.envsh) say "sourcing $script"; . "$script" ;;
      *.sh) say "running $script"; "$script" ;;
      *) say "ignoring $script" ;;
    esac
  done
fi
exec "$@"
