#!/usr/bin/env bash
# `npm run services -- up|down|status|env`: the real parts of the scale path on this machine.
#
#   PostgreSQL 15 (Debian) and an S3-compatible object store (Ceph RADOS Gateway, one node: one monitor,
#   one OSD on a file, one gateway) on 127.0.0.1, with their data under $SERVICES_DIR (default ./.services).
#   `up` installs what is missing (apt-get, as root), initialises what is new, starts what is stopped, and
#   prints the environment the service needs as `export NAME=value` lines on stdout (progress goes to
#   stderr, so `eval "$(npm run -s services -- up)"` works). It is idempotent. `down` stops everything;
#   the data stays. `env` prints the exports only.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mkdir -p "${SERVICES_DIR:-$root/.services}" && cd "${SERVICES_DIR:-$root/.services}" && pwd)
pg_port=${SERVICES_PG_PORT:-55432}
mon_port=${SERVICES_MON_PORT:-16789}
rgw_port=${SERVICES_S3_PORT:-17480}
pg_bin=/usr/lib/postgresql/15/bin
pg_dir=$dir/postgres
# initdb runs as the postgres user, who may not be able to reach a clone under a private home (/root):
# then the cluster lives in postgres's own home, one per services folder. (Decided once the user exists.)
choose_pg_dir() {
  if id postgres >/dev/null 2>&1 && ! su postgres -s /bin/sh -c "test -x '$dir'" 2>/dev/null; then
    pg_dir=/var/lib/postgresql/karaoke-services/$(printf '%s' "$dir" | md5sum | cut -c1-12)
  fi
}
choose_pg_dir
ceph_dir=$dir/ceph
conf=$ceph_dir/ceph.conf
bucket=karaoke
region=us-east-1
db_user=karaoke
db_name=karaoke

say() { printf '%s\n' "$*" >&2; }
die() {
  say "services: $*"
  exit 1
}

# Keys are made once and kept in the data folder (0600), so the printed environment is stable.
secret() {
  local file=$dir/$1
  if [ ! -s "$file" ]; then
    (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$file")
  fi
  cat "$file"
}

install_missing() {
  local missing=()
  [ -x "$pg_bin/postgres" ] || missing+=(postgresql)
  command -v radosgw >/dev/null || missing+=(radosgw)
  command -v ceph-mon >/dev/null || missing+=(ceph-mon)
  command -v ceph-osd >/dev/null || missing+=(ceph-osd)
  command -v ceph >/dev/null || missing+=(ceph-common)
  command -v curl >/dev/null || missing+=(curl)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    die "missing ${missing[*]}; install them with: sudo apt-get install -y ${missing[*]}"
  fi
  say "Installing ${missing[*]} (apt-get)…"
  # Debian starts a cluster for every PostgreSQL it installs; ours lives under $dir instead.
  local policy=/usr/sbin/policy-rc.d created=
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || true
  apt-get install -y -qq "${missing[@]}" >&2
  [ -n "$created" ] && rm -f "$policy"
  return 0
}

# ---------------------------------------------------------------- PostgreSQL
pg() { su postgres -s /bin/sh -c "$*"; }

pg_running() { [ -f "$pg_dir/data/postmaster.pid" ] && pg "$pg_bin/pg_ctl -D '$pg_dir/data' status" >/dev/null 2>&1; }

pg_up() {
  choose_pg_dir
  local password
  password=$(secret postgres.password)
  if [ ! -f "$pg_dir/data/PG_VERSION" ]; then
    say "Initialising PostgreSQL in $pg_dir…"
    mkdir -p "$pg_dir/run"
    chown -R postgres "$pg_dir"
    [ "$pg_dir" = "$dir/postgres" ] || say "($dir is not reachable by the postgres user; the cluster is in $pg_dir)"
    # The superuser is local-socket only (peer); the service's own user logs in over TCP with a password.
    pg "$pg_bin/initdb -D '$pg_dir/data' -U postgres --auth-local=peer --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8" >&2
  fi
  chown -R postgres "$pg_dir"
  if ! pg_running; then
    say "Starting PostgreSQL on 127.0.0.1:$pg_port…"
    pg "$pg_bin/pg_ctl -D '$pg_dir/data' -l '$pg_dir/log' -w -o \"-p $pg_port -k '$pg_dir/run' -c listen_addresses=127.0.0.1\" start" >&2
  fi
  local psql="$pg_bin/psql -h '$pg_dir/run' -p $pg_port -U postgres -v ON_ERROR_STOP=1 -qtA"
  if [ "$(pg "$psql -d postgres -c \"select 1 from pg_roles where rolname='$db_user'\"")" != 1 ]; then
    pg "$psql -d postgres -c \"create role $db_user login password '$password'\"" >&2
  fi
  if [ "$(pg "$psql -d postgres -c \"select 1 from pg_database where datname='$db_name'\"")" != 1 ]; then
    pg "$psql -d postgres -c \"create database $db_name owner $db_user\"" >&2
  fi
}

pg_down() {
  if pg_running; then
    say "Stopping PostgreSQL…"
    pg "$pg_bin/pg_ctl -D '$pg_dir/data' -m fast -w stop" >&2
  fi
}

# ---------------------------------------------------------------- Ceph (one node) + RADOS Gateway
ceph_cmd() { ceph -c "$conf" --connect-timeout 20 "$@"; }

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1" 2>/dev/null)" 2>/dev/null; }

write_ceph_conf() {
  local fsid=$1
  cat >"$conf" <<EOF
[global]
fsid = $fsid
mon initial members = a
mon host = v2:127.0.0.1:$mon_port
public network = 127.0.0.0/8
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $ceph_dir/\$name.keyring
run dir = $ceph_dir/run
admin socket = $ceph_dir/run/\$name.asok
pid file = $ceph_dir/run/\$name.pid
log file = $ceph_dir/log/\$name.log
crash dir = $ceph_dir/crash
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0
ms bind ipv6 = false

[mon.a]
mon data = $ceph_dir/mon
keyring = $ceph_dir/mon/keyring

[osd.0]
osd data = $ceph_dir/osd
osd objectstore = bluestore
bluestore block path = $ceph_dir/osd.0.block
bluestore block create = true
bluestore block size = 10737418240
osd memory target = 939524096

[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw data = $ceph_dir/rgw
rgw dns name = 127.0.0.1
rgw enable usage log = false
EOF
}

ceph_init() {
  [ -f "$ceph_dir/mon/done" ] && return 0
  say "Initialising a one-node Ceph cluster in $ceph_dir…"
  rm -rf "$ceph_dir"
  mkdir -p "$ceph_dir"/{mon,osd,rgw,run,log,crash}
  local fsid
  fsid=$(cat /proc/sys/kernel/random/uuid)
  write_ceph_conf "$fsid"
  ceph-authtool --create-keyring "$ceph_dir/mon.keyring" --gen-key -n mon. --cap mon 'allow *' >&2
  ceph-authtool --create-keyring "$ceph_dir/client.admin.keyring" --gen-key -n client.admin \
    --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' --cap mds 'allow *' >&2
  ceph-authtool "$ceph_dir/mon.keyring" --import-keyring "$ceph_dir/client.admin.keyring" >&2
  monmaptool --create --addv a "[v2:127.0.0.1:$mon_port]" --fsid "$fsid" "$ceph_dir/monmap" >&2
  ceph-mon -c "$conf" --mkfs -i a --monmap "$ceph_dir/monmap" --keyring "$ceph_dir/mon.keyring" >&2
  touch "$ceph_dir/mon/done"
}

mon_up() {
  pid_alive "$ceph_dir/run/mon.a.pid" && return 0
  say "Starting the Ceph monitor on 127.0.0.1:$mon_port…"
  ceph-mon -c "$conf" -i a >&2
}

osd_up() {
  if [ ! -f "$ceph_dir/osd/done" ]; then
    say "Creating the OSD (a 10 GiB sparse file)…"
    local uuid
    uuid=$(cat /proc/sys/kernel/random/uuid)
    ceph_cmd osd new "$uuid" 0 >&2
    ceph-osd -c "$conf" -i 0 --mkfs --mkkey --no-mon-config --osd-uuid "$uuid" >"$ceph_dir/log/osd-mkfs.log" 2>&1 ||
      die "the OSD could not be created; see $ceph_dir/log/osd-mkfs.log"
    ceph_cmd auth add osd.0 osd 'allow *' mon 'allow profile osd' -i "$ceph_dir/osd.0.keyring" >&2
    ceph_cmd osd crush add-bucket localhost host >&2
    ceph_cmd osd crush move localhost root=default >&2
    ceph_cmd osd crush add osd.0 1.0 host=localhost >&2
    touch "$ceph_dir/osd/done"
  fi
  pid_alive "$ceph_dir/run/osd.0.pid" && return 0
  say "Starting the OSD…"
  ceph-osd -c "$conf" -i 0 >&2
}

rgw_up() {
  if [ ! -f "$ceph_dir/client.rgw.a.keyring" ]; then
    ceph_cmd auth get-or-create client.rgw.a mon 'allow rw' osd 'allow rwx' -o "$ceph_dir/client.rgw.a.keyring" >&2
  fi
  if ! pid_alive "$ceph_dir/run/client.rgw.a.pid"; then
    say "Starting the RADOS Gateway on 127.0.0.1:$rgw_port…"
    radosgw -c "$conf" -n client.rgw.a >&2
  fi
  local i
  for i in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" && break
    sleep 1
  done
  curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" || die "the RADOS Gateway did not answer; see $ceph_dir/log/"
  local access secret_key
  access=$(secret s3.access-key)
  secret_key=$(secret s3.secret-key)
  if ! radosgw-admin -c "$conf" user info --uid=karaoke >/dev/null 2>&1; then
    say "Creating the S3 user…"
    radosgw-admin -c "$conf" user create --uid=karaoke --display-name="Karaoke service" \
      --access-key="$access" --secret="$secret_key" >/dev/null
  fi
  # curl signs S3 requests itself (SigV4); RGW also wants the hash of the (empty) body.
  local s3=(curl -s -o /dev/null -w '%{http_code}' --aws-sigv4 "aws:amz:$region:s3" --user "$access:$secret_key"
    -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  if [ "$("${s3[@]}" "http://127.0.0.1:$rgw_port/$bucket")" != 200 ]; then
    say "Creating the bucket '$bucket'…"
    [ "$("${s3[@]}" -X PUT "http://127.0.0.1:$rgw_port/$bucket")" = 200 ] || die "could not create the bucket '$bucket'"
  fi
}

stop_pidfile() {
  local file=$1 i
  pid_alive "$file" || return 0
  kill "$(cat "$file")" 2>/dev/null || true
  for i in $(seq 1 30); do
    pid_alive "$file" || return 0
    sleep 0.5
  done
  kill -9 "$(cat "$file")" 2>/dev/null || true
}

ceph_down() {
  [ -d "$ceph_dir/run" ] || return 0
  say "Stopping the RADOS Gateway, the OSD and the monitor…"
  stop_pidfile "$ceph_dir/run/client.rgw.a.pid"
  stop_pidfile "$ceph_dir/run/osd.0.pid"
  stop_pidfile "$ceph_dir/run/mon.a.pid"
}

print_env() {
  printf 'export DATABASE_URL=postgres://%s:%s@127.0.0.1:%s/%s\n' "$db_user" "$(secret postgres.password)" "$pg_port" "$db_name"
  printf 'export S3_ENDPOINT=http://127.0.0.1:%s\n' "$rgw_port"
  printf 'export S3_BUCKET=%s\n' "$bucket"
  printf 'export S3_REGION=%s\n' "$region"
  printf 'export S3_ACCESS_KEY_ID=%s\n' "$(secret s3.access-key)"
  printf 'export S3_SECRET_ACCESS_KEY=%s\n' "$(secret s3.secret-key)"
}

# Exit status 0 when everything runs, 3 when something is stopped (as `systemctl status`).
status() {
  local s all=0
  if pg_running; then s=running; else s=stopped all=3; fi
  say "postgresql  127.0.0.1:$pg_port  $s"
  for name in mon.a osd.0 client.rgw.a; do
    if pid_alive "$ceph_dir/run/$name.pid"; then s=running; else s=stopped all=3; fi
    say "$(printf '%-11s' "$name") $([ "$name" = client.rgw.a ] && echo "127.0.0.1:$rgw_port " || echo '                ')$s"
  done
  return $all
}

case "${1:-}" in
  up)
    [ "$(id -u)" = 0 ] || die "run as root (PostgreSQL's initdb runs as the postgres user, Ceph's daemons as root)"
    install_missing
    pg_up
    ceph_init
    mon_up
    osd_up
    rgw_up
    print_env
    say "Ready. Data in $dir; stop with: npm run services -- down"
    ;;
  down)
    ceph_down
    pg_down
    ;;
  status) status ;;
  env) print_env ;;
  *)
    say "usage: npm run services -- up|down|status|env"
    exit 2
    ;;
esac
