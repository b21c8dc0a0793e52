#!/usr/bin/env bash
# Builds and runs the project's real Dockerfile on a machine without a Docker engine or registry.
#
# As root on Debian: installs podman, buildah and debootstrap (whichever are missing, listed
# before anything is installed); makes a local debian:bookworm-slim from debootstrap and a local
# swift:6.3-bookworm builder from it plus the installed Swift toolchain; then builds the
# Dockerfile, runs the image with a published port, checks /healthz, a curve lookup and a gzip
# answer (decoded by the host's gzip), checks that `podman stop` returns within 2 s (SIGTERM is
# handled by the process), and prints the image size.
#
# Usage: sudo scripts/container-check.sh [--keep] [--yes]
#   --keep  keep the base and builder images (most of the 4.9 GB in vfs storage) to make the next run
#           minutes faster; without it every image and container this run made is removed at
#           the end, pass or fail.
#   --yes   do not ask before installing packages (asked only on a terminal).
#
# Quiet when all is well: the output of apt, debootstrap, podman and buildah goes to
# .container-check/check.log, printed (its last 60 lines) only when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.container-check"

keep=false
assume_yes=false
for argument in "$@"; do
  case "$argument" in
    --keep) keep=true ;;
    --yes) assume_yes=true ;;
    *) echo "usage: $0 [--keep] [--yes]" >&2; exit 2 ;;
  esac
done

[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
[ -f /etc/debian_version ] || { echo "needs Debian" >&2; exit 1; }

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # e.g. /opt/swift/usr -> /opt/swift
toolchain=$(dirname "$toolchain")
[ -x "$toolchain/usr/bin/swift" ] || { echo "no Swift toolchain found at $toolchain" >&2; exit 1; }

mkdir -p "$work"
log="$work/check.log"
: >"$log"
step() { printf '== %s\n' "$*"; }
# A command whose output only matters when something fails.
quiet() { "$@" >>"$log" 2>&1; }

# Images are kept in storage of their own (storage.conf below), so removing them never touches
# another user's podman images.
graphroot=/var/lib/containers/animation-timing
base_image=localhost/debian:bookworm-slim
builder_image=localhost/swift:6.3-bookworm
check_image=localhost/animation-timing:check
container=animation-timing-check

packages=(podman buildah debootstrap runc uidmap curl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
    || missing+=("$package")
done

echo "container check: what this will do"
if [ ${#missing[@]} -gt 0 ]; then
  echo "  install with apt-get (they stay installed): ${missing[*]}"
else
  echo "  install nothing: ${packages[*]} are already installed"
fi
echo "  build images in $graphroot (vfs storage: about 4.9 GB at the peak)"
if $keep; then
  echo "  keep $base_image and $builder_image afterwards (--keep); remove the rest"
else
  echo "  remove every image and container it makes when it ends (--keep keeps the base images)"
fi
if [ ${#missing[@]} -gt 0 ] && ! $assume_yes && [ -t 0 ]; then
  read -r -p "install ${missing[*]}? [y/N] " answer
  [ "$answer" = y ] || [ "$answer" = Y ] || { echo "nothing done"; exit 1; }
fi

created=()   # images this run made, removed at the end (the base ones kept with --keep)
# Set once podman uses this script's own storage: before that, `buildah rm --all` and the like
# would act on the machine's default storage, which may hold someone else's work.
own_storage=false
finish() {
  local status=$?
  set +e
  if [ "$status" != 0 ]; then
    echo "container check FAILED (exit $status); the last 60 lines of $log:" >&2
    tail -n 60 "$log" >&2
  fi
  if $own_storage; then
    quiet podman rm -f "$container"
    quiet buildah rm --all
    for image in "${created[@]}"; do
      if $keep && { [ "$image" = "$base_image" ] || [ "$image" = "$builder_image" ]; }; then
        continue
      fi
      quiet podman rmi -f "$image"
    done
    quiet podman image prune -f
    # Kept by --keep, or by an earlier run: say what is left and how to remove it.
    local left=()
    for image in "$base_image" "$builder_image"; do
      if podman image exists "$image" 2>>"$log"; then left+=("$image"); fi
    done
    if [ ${#left[@]} -gt 0 ]; then
      echo "left in $graphroot ($(du -sh "$graphroot" 2>/dev/null | cut -f1)): ${left[*]}; to remove:" \
        "rm -rf $graphroot /run/containers/animation-timing"
    fi
  fi
  if [ "$status" = 0 ] && ! $keep; then rm -rf "$work"; fi
  exit "$status"
}
trap finish EXIT

if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  quiet apt-get update -q
  quiet apt-get install -y -q "${missing[@]}"
fi

# crun fails on this machine's cgroups; vfs works without overlay support in the kernel. The
# file events logger and the cgroupfs manager keep podman from reaching for systemd and
# journald, which are not running here (the source of its `level=error` lines).
cat >"$work/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
cat >"$work/storage.conf" <<CONF
[storage]
driver = "vfs"
runroot = "/run/containers/animation-timing"
graphroot = "$graphroot"
CONF
export CONTAINERS_CONF="$work/containers.conf"
export CONTAINERS_STORAGE_CONF="$work/storage.conf"
own_storage=true
quiet podman --version

mirror=$(grep -hoE 'https?://[^ ]+/debian/?$' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 || true)
mirror=${mirror:-http://deb.debian.org/debian}

if podman image exists "$base_image" 2>>"$log"; then
  step "reusing $base_image (kept by an earlier --keep run)"
else
  step "$base_image from debootstrap --variant=minbase ($mirror)"
  rm -rf "$work/rootfs"
  quiet debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror"
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | quiet podman import --change 'CMD ["bash"]' - "$base_image"
  created+=("$base_image")
  rm -rf "$work/rootfs"
fi

if podman image exists "$builder_image" 2>>"$log"; then
  step "reusing $builder_image (kept by an earlier --keep run)"
else
  step "$builder_image from the base plus the installed toolchain ($toolchain)"
  mkdir -p "$work/swift-image"
  cat >"$work/swift-image/Containerfile" <<'CONF'
FROM localhost/debian:bookworm-slim
# The C development packages the Swift toolchain compiles and links against (as in the
# official swift:bookworm image).
RUN apt-get update && apt-get install -y --no-install-recommends \
      binutils libc6-dev libgcc-12-dev libstdc++-12-dev libcurl4-openssl-dev libxml2-dev \
      libedit2 libsqlite3-0 libncurses-dev libpython3-dev libz3-dev pkg-config tzdata zlib1g-dev \
      ca-certificates git \
    && rm -rf /var/lib/apt/lists/*
RUN cp -a /toolchain/usr/. /usr/ && swift --version
CONF
  created+=("$builder_image")
  quiet podman build --pull=never --network host --volume "$toolchain:/toolchain:ro" \
    -t "$builder_image" "$work/swift-image"
fi

step "podman build of the project's Dockerfile"
start=$(date +%s)
# Docker image format: the OCI format has no HEALTHCHECK. vfs storage copies the whole tree for
# every layer (a 4 GB builder makes each step gigabytes), so keep no intermediate layers and
# clear what is left afterwards.
created+=("$check_image")
quiet podman build --pull=never --format docker --layers=false --force-rm -t "$check_image" -f Dockerfile .
quiet buildah rm --all
quiet podman image prune -f
echo "   built in $(( $(date +%s) - start )) s"

step "running the image with a published port"
quiet podman rm -f "$container" || true
port=18480
quiet podman run -d --name "$container" -p "127.0.0.1:$port:8080" "$check_image"
for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
health=$(curl -fsS "http://127.0.0.1:$port/healthz")
echo "   GET /healthz -> $health"
lookup=$(curl -fsS "http://127.0.0.1:$port/v1/timing-functions/easeIn?x=0.5")
echo "   GET /v1/timing-functions/easeIn?x=0.5 -> $lookup"
echo "$lookup" | grep -q '"y":0.3153568125' || { echo "unexpected curve value" >&2; exit 1; }
# gzip through the image's zlib (libz.so.1 from bookworm-slim's zlib1g): decoded by the host's
# gzip, the same bytes as the identity answer.
curve="http://127.0.0.1:$port/v1/timing-functions/easeIn?samples=1000"
coded_bytes=$(curl -fsS -H 'Accept-Encoding: gzip' "$curve" | wc -c)
if ! cmp -s <(curl -fsS -H 'Accept-Encoding: gzip' "$curve" | gzip -dc) <(curl -fsS "$curve"); then
  echo "the gzip answer does not decode to the identity answer" >&2
  exit 1
fi
echo "   GET ${curve#http://127.0.0.1:$port} with gzip -> $coded_bytes bytes, decodes to the identity answer"
podman exec "$container" /usr/local/bin/animation-timing --healthcheck 2>>"$log"
echo "   user inside the container: $(podman inspect -f '{{.Config.User}}' "$container" 2>>"$log")"
echo "   HEALTHCHECK: $(podman inspect --type container -f '{{.Config.Healthcheck.Test}}' "$container" 2>>"$log")"
if quiet podman healthcheck run "$container"; then
  echo "   podman healthcheck run: healthy"
else
  echo "podman healthcheck run: unhealthy" >&2
  exit 1
fi

step "podman stop (SIGTERM must be handled: under 2 s)"
# Milliseconds in shell arithmetic (date's %N is nanoseconds): no bc needed.
t0=$(date +%s%N)
quiet podman stop -t 10 "$container"
elapsed_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "   podman stop returned in ${elapsed_ms} ms"
podman logs "$container" 2>>"$log" | tail -n 3 | sed 's/^/   /'
echo "   exit code: $(podman inspect -f '{{.State.ExitCode}}' "$container" 2>>"$log")"
if [ "$elapsed_ms" -ge 2000 ]; then echo "stop took too long" >&2; exit 1; fi

step "image size"
echo "   $(podman image ls "$check_image" --format '{{.Repository}}:{{.Tag}} {{.Size}}' 2>>"$log")"
podman run --rm --entrypoint /bin/sh "$check_image" -c 'ls -l /usr/local/bin/animation-timing' \
  2>>"$log" | sed 's/^/   /' || true
echo "container check passed"
