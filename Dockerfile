# Build: a stripped release binary with the Swift runtime linked statically.
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
# Package.swift names the test targets too, so their folders must exist for the manifest to load.
COPY Tests ./Tests
RUN swift build -c release --product animation-timing --static-swift-stdlib \
  && install -D -m 0755 "$(swift build -c release --show-bin-path)/animation-timing" /out/animation-timing \
  && strip /out/animation-timing

# Run: glibc, libstdc++, libgcc and zlib (libz.so.1, for gzip answers) are all it needs, and
# bookworm-slim has them: zlib1g is one of Debian's required packages (dpkg needs it), so it is
# in every bookworm image and gets Debian's security updates with the base image, which a copy
# linked statically would not. The build stage's swift image has zlib1g-dev for the headers.
FROM debian:bookworm-slim
COPY --from=build /out/animation-timing /usr/local/bin/animation-timing
# A numeric user, so that runtimes enforcing runAsNonRoot can verify it without /etc/passwd.
USER 10001:10001
ENV PORT=8080
EXPOSE 8080
# The image has no curl: the binary probes its own /healthz on $PORT.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/animation-timing", "--healthcheck"]
# PID 1: the service handles SIGTERM and SIGINT itself (graceful drain).
ENTRYPOINT ["/usr/local/bin/animation-timing"]
