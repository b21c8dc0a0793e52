#!/usr/bin/env bash
# Builds and runs the project's real Dockerfile on a machine without a Docker engine or registry.
#
# As root on Debian: installs podman, buildah and debootstrap; makes a local
# debian:bookworm-slim from debootstrap and a local swift:6.3-bookworm builder from it plus the
# installed Swift toolchain; then builds the Dockerfile, runs the image with a published port,
# checks /healthz and a curve lookup, checks that `podman stop` returns within 2 s (SIGTERM is
# handled by the process), and prints the image size.
#
# Usage: sudo scripts/container-check.sh   (work files go to .container-check/)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.container-check"
mkdir -p "$work"

[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
[ -f /etc/debian_version ] || { echo "needs Debian" >&2; exit 1; }

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # e.g. /opt/swift/usr -> /opt/swift
toolchain=$(dirname "$toolchain")
[ -x "$toolchain/usr/bin/swift" ] || { echo "no Swift toolchain found at $toolchain" >&2; exit 1; }

step() { printf '\n== %s\n' "$*"; }

step "installing podman, buildah, debootstrap, runc"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq podman buildah debootstrap runc uidmap curl >/dev/null

step "configuring podman (runc, ulimits, vfs storage)"
# crun fails on this machine's cgroups; vfs works without overlay support in the kernel.
cat >"$work/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
cat >"$work/storage.conf" <<'CONF'
[storage]
driver = "vfs"
runroot = "/run/containers/animation-timing"
graphroot = "/var/lib/containers/animation-timing"
CONF
export CONTAINERS_CONF="$work/containers.conf"
export CONTAINERS_STORAGE_CONF="$work/storage.conf"
podman --version

mirror=$(grep -hoE 'https?://[^ ]+/debian/?$' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 || true)
mirror=${mirror:-http://deb.debian.org/debian}

if ! podman image exists localhost/debian:bookworm-slim; then
  step "debian:bookworm-slim from debootstrap --variant=minbase ($mirror)"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log"; exit 1; }
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["bash"]' - localhost/debian:bookworm-slim
  rm -rf "$work/rootfs"
fi

if ! podman image exists localhost/swift:6.3-bookworm; then
  step "swift:6.3-bookworm from the base plus the installed toolchain ($toolchain)"
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
  podman build --pull=never --network host --volume "$toolchain:/toolchain:ro" \
    -t localhost/swift:6.3-bookworm "$work/swift-image"
fi

step "podman build of the project's Dockerfile"
start=$(date +%s)
# Docker image format: the OCI format has no HEALTHCHECK. vfs storage copies the whole tree for
# every layer (a 4 GB builder makes each step gigabytes), so keep no intermediate layers and
# clear what is left afterwards.
podman build --pull=never --format docker --layers=false --force-rm -t localhost/animation-timing:check -f Dockerfile .
buildah rm --all >/dev/null 2>&1 || true
podman image prune -f >/dev/null
echo "built in $(( $(date +%s) - start )) s"

step "running the image with a published port"
podman rm -f animation-timing-check >/dev/null 2>&1 || true
port=18480
podman run -d --name animation-timing-check -p "127.0.0.1:$port:8080" localhost/animation-timing:check >/dev/null
cleanup() { podman rm -f animation-timing-check >/dev/null 2>&1 || true; }
trap cleanup EXIT
for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "GET /healthz -> $(curl -fsS "http://127.0.0.1:$port/healthz")"
lookup=$(curl -fsS "http://127.0.0.1:$port/v1/timing-functions/easeIn?x=0.5")
echo "GET /v1/timing-functions/easeIn?x=0.5 -> $lookup"
echo "$lookup" | grep -q '"y":0.3153568125' || { echo "unexpected curve value" >&2; exit 1; }
echo "user inside the container: $(podman exec animation-timing-check /usr/local/bin/animation-timing --healthcheck && podman inspect -f '{{.Config.User}}' animation-timing-check)"
echo "HEALTHCHECK of the container: $(podman inspect --type container -f '{{.Config.Healthcheck.Test}}' animation-timing-check)"
if podman healthcheck run animation-timing-check; then echo "podman healthcheck run: healthy"; else echo "podman healthcheck run: unhealthy" >&2; exit 1; fi

step "podman stop (SIGTERM must be handled: under 2 s)"
t0=$(date +%s.%N)
podman stop -t 10 animation-timing-check >/dev/null
t1=$(date +%s.%N)
elapsed=$(echo "$t1 - $t0" | bc)
echo "podman stop returned in ${elapsed} s"
podman logs animation-timing-check 2>&1 | tail -n 3
exit_code=$(podman inspect -f '{{.State.ExitCode}}' animation-timing-check)
echo "exit code: $exit_code"
if [ "$(echo "$elapsed < 2" | bc)" != 1 ]; then echo "stop took too long" >&2; exit 1; fi

step "image size"
podman image ls localhost/animation-timing:check --format '{{.Repository}}:{{.Tag}} {{.Size}}'
podman run --rm --entrypoint /bin/sh localhost/animation-timing:check -c 'ls -l /usr/local/bin/animation-timing' || true
echo "container check passed"
