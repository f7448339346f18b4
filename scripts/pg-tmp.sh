#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests and development (docs/deploy.md, .ci/run).
#
#   scripts/pg-tmp.sh start DIR   # initdb + start; prints the URL, e.g.
#                                 # postgres://postgres@127.0.0.1:23817/postgres
#   scripts/pg-tmp.sh stop DIR    # stops the server (DIR is kept: rm -rf DIR after)
#   scripts/pg-tmp.sh url DIR     # prints the URL of the server started in DIR
#   scripts/pg-tmp.sh bindir      # prints the directory of initdb/pg_ctl, or fails
#
# The server listens on 127.0.0.1 only, on a free TCP port (no Unix socket), with trust
# authentication, the superuser role `postgres`, and fsync off (test data only: never put
# anything worth keeping there), up to 500 connections (each bao instance pools 16 plus
# its listener). Its data is DIR/data, its log DIR/postgres.log.
#
# initdb and postgres refuse to run as root: as root the server runs as the system user
# $PG_TMP_USER (default `baotest`, created with useradd when missing; `nobody` when useradd
# cannot), which then owns DIR. DIR's parent directories must let that user through (a
# directory under /tmp does; one under /root does not, which is said at once).
#
# The binaries are found on PATH, else with pg_config --bindir, else in the highest
# /usr/lib/postgresql/*/bin (Debian), /usr/pgsql-*/bin (RPM) or /usr/local/pgsql/bin;
# $PG_BIN overrides them all.
set -euo pipefail

ROLE=postgres

die() {
  echo "pg-tmp: $*" >&2
  exit 1
}

usage() {
  echo "usage: $0 start DIR | stop DIR | url DIR | bindir" >&2
  exit 2
}

# The directory holding initdb, pg_ctl and postgres.
find_bindir() {
  local d
  if [ -n "${PG_BIN:-}" ]; then
    [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] || die "PG_BIN=$PG_BIN has no initdb and pg_ctl"
    echo "$PG_BIN"
    return
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    d=$(dirname "$(readlink -f "$(command -v initdb)")")
    if [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return
    fi
  fi
  if command -v pg_config >/dev/null 2>&1; then
    d=$(pg_config --bindir 2>/dev/null || true)
    if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return
    fi
  fi
  # The highest version first (sort -V: 9.6 < 10 < 15 < 16).
  for d in $(ls -d /usr/lib/postgresql/*/bin /usr/pgsql-*/bin 2>/dev/null | sort -rV) /usr/local/pgsql/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return
    fi
  done
  return 1
}

# The user the server runs as: this one, or as root an unprivileged system user.
server_user() {
  if [ "$(id -u)" != "0" ]; then
    id -un
    return
  fi
  local u=${PG_TMP_USER:-baotest}
  if ! id -u "$u" >/dev/null 2>&1; then
    if [ "$u" = baotest ] && command -v useradd >/dev/null 2>&1 &&
      useradd --system --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin baotest >/dev/null 2>&1; then
      :
    elif [ "$u" = baotest ]; then
      u=nobody
    else
      die "the user PG_TMP_USER=$u does not exist"
    fi
  fi
  [ "$(id -u "$u")" != "0" ] || die "the server cannot run as root (PG_TMP_USER=$u)"
  echo "$u"
}

# Runs a command as the server's user ($USER_ in DIR).
as_user() {
  if [ "$(id -u)" = "0" ]; then
    (cd "$DIR" && runuser -u "$USER_" -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

# Whether TCP port $1 on 127.0.0.1 takes connections (then someone else has it).
port_busy() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  local bin
  bin=$(find_bindir) || die "no PostgreSQL server found (initdb, pg_ctl): install it (Debian: apt-get install postgresql) or set PG_BIN to its bin directory"
  mkdir -p "$DIR"
  DIR=$(cd "$DIR" && pwd -P)
  case "$DIR" in *"'"* | *'\'*) die "DIR may not contain ' or \\: $DIR" ;; esac
  if [ -f "$DIR/data/postmaster.pid" ] && [ -f "$DIR/url" ] &&
    as_user_of_dir "$bin/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1; then
    echo "pg-tmp: a server already runs in $DIR" >&2
    cat "$DIR/url"
    return
  fi
  USER_=$(server_user)
  echo "$USER_" >"$DIR/user"
  if [ "$(id -u)" = "0" ]; then
    chown "$USER_" "$DIR"
    chmod 700 "$DIR"
    runuser -u "$USER_" -- test -w "$DIR" ||
      die "the user $USER_ cannot reach $DIR (a parent directory shuts it out?): choose a DIR under /tmp"
  fi
  if [ ! -f "$DIR/data/PG_VERSION" ]; then
    rm -rf "$DIR/data"
    if ! as_user env LC_ALL=C "$bin/initdb" -D "$DIR/data" -U "$ROLE" --auth=trust \
      --no-locale -E UTF8 >"$DIR/initdb.log" 2>&1; then
      cat "$DIR/initdb.log" >&2
      die "initdb failed (its output above, also in $DIR/initdb.log)"
    fi
    cat >>"$DIR/data/postgresql.conf" <<EOF

# scripts/pg-tmp.sh: a throw-away test server.
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 500
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  fi
  # A free port: random in 20000-29999, skipping the ones that answer; a port taken between
  # the check and the bind shows in the log, and then the next one is tried.
  local port tries
  for tries in $(seq 1 20); do
    port=$((20000 + (RANDOM % 10000)))
    port_busy "$port" && continue
    : >"$DIR/postgres.log"
    [ "$(id -u)" = "0" ] && chown "$USER_" "$DIR/postgres.log"
    if as_user env LC_ALL=C "$bin/pg_ctl" start -D "$DIR/data" -l "$DIR/postgres.log" \
      -o "-p $port" -w -t 60 >/dev/null 2>&1; then
      echo "postgres://$ROLE@127.0.0.1:$port/postgres" >"$DIR/url"
      cat "$DIR/url"
      return
    fi
    if grep -q -E 'could not bind|Address already in use|could not create any TCP/IP sockets' "$DIR/postgres.log"; then
      continue
    fi
    tail -n 30 "$DIR/postgres.log" >&2
    die "the server did not start (its log above, all of it in $DIR/postgres.log)"
  done
  die "no free port found in 20 tries"
}

# Runs a command as the user recorded in DIR/user (for stop and status).
as_user_of_dir() {
  USER_=$(cat "$DIR/user" 2>/dev/null || id -un)
  as_user "$@"
}

stop() {
  [ -d "$DIR" ] || die "no such directory: $DIR"
  DIR=$(cd "$DIR" && pwd -P)
  if [ ! -f "$DIR/data/postmaster.pid" ]; then
    echo "pg-tmp: no server runs in $DIR" >&2
    return
  fi
  local bin
  bin=$(find_bindir) || die "no PostgreSQL server found (pg_ctl): set PG_BIN"
  as_user_of_dir "$bin/pg_ctl" stop -D "$DIR/data" -m fast -w -t 60 >/dev/null ||
    die "pg_ctl stop failed (the log: $DIR/postgres.log)"
  rm -f "$DIR/url"
}

case "${1:-}" in
  start | stop | url)
    [ $# -eq 2 ] || usage
    DIR=$2
    if [ "$1" = url ]; then
      cat "$DIR/url" 2>/dev/null || die "no server runs in $DIR"
    else
      "$1"
    fi
    ;;
  bindir)
    [ $# -eq 1 ] || usage
    find_bindir || die "no PostgreSQL server found (initdb, pg_ctl)"
    ;;
  *) usage ;;
esac
