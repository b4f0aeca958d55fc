#!/bin/sh
# The official image's contract, the part Kino uses: POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > /tmp/pwfile
  initdb --username="$user" --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust >/dev/null
  rm -f /tmp/pwfile
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
    psql --username="$user" --dbname=postgres -v ON_ERROR_STOP=1 -c "create database \"$db\"" >/dev/null
    pg_ctl -w stop >/dev/null
  fi
fi
exec "$@"
