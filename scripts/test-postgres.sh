#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server from Debian's package for the test
# suite: its own cluster in a temporary directory, owned by the `postgres`
# user, listening on 127.0.0.1 only, trust authentication (loopback, test data).
# Prints the TEST_DATABASE_URL to use. `scripts/test-postgres.sh stop` stops it
# and removes its directory (a start makes the cluster anew anyway).
#
# fsync=off and full_page_writes=off: the tests kill processes (cloudplane's,
# and PostgreSQL's own with `pg_ctl restart -m immediate`), never the machine.
# A commit still waits until its WAL is written to the operating system, which
# keeps it through any process's death; only the flush to the disk, which only
# a crash of the machine needs, is skipped. synchronous_commit stays on: off,
# a killed PostgreSQL would lose commits it had acknowledged.
set -euo pipefail

PORT="${TEST_PG_PORT:-54329}"
DIR="${TEST_PG_DIR:-/tmp/cloudplane-test-pg}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BIN" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

if [ "${1:-start}" = stop ]; then
  as_postgres "$BIN/pg_ctl" -D "$DIR" stop -m fast >/dev/null 2>&1 || true
  # Only a cluster's directory: a TEST_PG_DIR pointed anywhere else by mistake is left alone.
  if [ -f "$DIR/PG_VERSION" ] && ! as_postgres "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then rm -rf "$DIR"; fi
  exit 0
fi

if ! as_postgres "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  rm -rf "$DIR"
  mkdir -p "$DIR"
  chown postgres:postgres "$DIR"
  as_postgres "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
  as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c full_page_writes=off -c max_connections=300" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
