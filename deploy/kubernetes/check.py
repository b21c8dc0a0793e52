#!/usr/bin/env python3
"""Checks the Kubernetes manifests in this directory, offline, in well under a second.

1. kustomization.yaml lists every manifest here, and only files that exist.
2. Every resource validates, strictly (no unknown fields), against the Kubernetes OpenAPI
   schemas of the oldest and the newest version below, as bundled in `kubernetes-validate`
   (PyPI): nothing is fetched.
3. The numbers that must agree do: with each other (selectors, ports, probe and drain timings,
   the heavy pool against the CPU limit), with the Dockerfile (the numeric user) and with the
   code (every variable set is one the process reads; the defaults relied on are the code's).

Usage: python3 deploy/kubernetes/check.py   (needs pyyaml and kubernetes-validate)
"""

import pathlib
import re
import sys

import kubernetes_validate
import yaml

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent

# 1.30: the first release where the kubelet's own preStop `sleep` is on by default. The newest:
# the newest schema the pinned kubernetes-validate bundles.
VERSIONS = ["1.30.0", "1.37.0"]

# docs/performance.md "Work budget": the slowest request the default budget admits takes 0.556 s
# of CPU, under 0.8 s in a slow minute of the measuring machine.
SLOWEST_REQUEST_SECONDS = 0.8
# docs/reliability.md scenario (c): the process exits within the drain timeout + 1 s.
EXIT_AFTER_DRAIN_SECONDS = 1
# The upstream idle timeout docs/operations.md asks of a proxy in front of the replicas
# (nginx's keepalive_timeout in its upstream block, ingress-nginx's upstream-keepalive-timeout).
PROXY_UPSTREAM_IDLE_SECONDS = 4
# What scripts/cluster-check requires of a balancer's active check (HAProxy, deploy/haproxy.cfg:
# a hung or draining replica out within 2 s; measured 1.53-1.70 s): the preStop sleep must
# outlast it, so that a balancer watching /readyz has taken the replica out before it refuses.
BALANCER_OUT_SECONDS = 2

failures = []


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message)
    if not condition:
        failures.append(message)


def cpu_cores(quantity):
    text = str(quantity)
    return float(text[:-1]) / 1000 if text.endswith("m") else float(text)


def bytes_of(quantity):
    units = {"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "k": 10**3, "M": 10**6, "G": 10**9}
    for suffix, factor in units.items():
        if str(quantity).endswith(suffix):
            return int(float(str(quantity)[: -len(suffix)]) * factor)
    return int(quantity)


def options_in_code():
    """{environment variable: default text} from the option list in ServiceConfiguration.swift.

    Read from each `Option(` of `static let options`: the flag is its first "--…" literal, the
    variable is named explicitly (`environment: "…"`) or is the flag in capitals, as
    `Option.environment` makes it, and the default is the help text's "(default …)".
    """
    source = (ROOT / "Sources/TimingAPI/ServiceConfiguration.swift").read_text()
    start = source.find("static let options")
    end = source.find("\n  ]\n", start)
    options = {}
    for chunk in source[start:end].split("Option(")[1:]:
        flag = re.search(r'"(--[a-z][a-z-]*)"', chunk)
        if not flag:
            continue
        named = re.search(r'environment:\s*"([A-Z_]+)"', chunk)
        variable = named.group(1) if named else flag.group(1)[2:].upper().replace("-", "_")
        default = re.search(r"\(default ([^);]+)", chunk)
        options[variable] = default.group(1) if default else None
    return options


def labels_match(selector, labels):
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


# 1. The kustomization and the directory agree.
kustomization = yaml.safe_load((HERE / "kustomization.yaml").read_text())
listed = kustomization.get("resources", [])
present = sorted(
    p.name for p in HERE.iterdir() if p.suffix in (".yaml", ".yml") and p.name != "kustomization.yaml"
)
check(len(listed) == len(set(listed)), f"kustomization.yaml lists no file twice ({len(listed)} listed)")
check(
    sorted(listed) == present,
    f"kustomization.yaml lists exactly the manifests here: listed {sorted(listed)}, present {present}",
)

# 2. Schemas, strictly, for every version.
resources = []
for name in listed:
    path = HERE / name
    if not path.exists():
        continue
    for document in yaml.safe_load_all(path.read_text()):
        if document:
            resources.append((name, document))
for version in VERSIONS:
    for name, resource in resources:
        what = f"{name}: {resource.get('kind')}/{resource.get('metadata', {}).get('name')}"
        try:
            kubernetes_validate.validate(resource, version, strict=True)
            check(True, f"{what} is valid against Kubernetes {version} (strict)")
        except kubernetes_validate.ValidationError as error:
            path = "/".join(str(p) for p in error.path)
            check(False, f"{what} against Kubernetes {version}: {error.message} at {path or '/'}")
        except Exception as error:  # no schema for the kind, or the version is not bundled
            check(False, f"{what} against Kubernetes {version}: {error}")

# 3. The numbers.
by_kind = {}
for name, resource in resources:
    by_kind.setdefault(resource["kind"], []).append(resource)
kinds = ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget")
for kind in kinds:
    check(len(by_kind.get(kind, [])) == 1, f"exactly one {kind}")
if any(len(by_kind.get(kind, [])) != 1 for kind in kinds):
    sys.exit(f"{len(failures)} check(s) failed")

deployment = by_kind["Deployment"][0]
service = by_kind["Service"][0]
hpa = by_kind["HorizontalPodAutoscaler"][0]
pdb = by_kind["PodDisruptionBudget"][0]
pod = deployment["spec"]["template"]["spec"]
pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
container = pod["containers"][0]
env = {e["name"]: e["value"] for e in container.get("env", [])}
code = options_in_code()
ports = {p["name"]: p["containerPort"] for p in container["ports"]}

check("replicas" not in deployment["spec"], "the Deployment leaves the replica count to the HPA")
check(
    labels_match(deployment["spec"]["selector"]["matchLabels"], pod_labels),
    "the Deployment's selector matches its pods",
)
check(labels_match(service["spec"]["selector"], pod_labels), "the Service selects the pods")
check(labels_match(pdb["spec"]["selector"]["matchLabels"], pod_labels), "the PodDisruptionBudget selects the pods")
target = hpa["spec"]["scaleTargetRef"]
check(
    (target["apiVersion"], target["kind"], target["name"])
    == ("apps/v1", "Deployment", deployment["metadata"]["name"]),
    "the HPA scales the Deployment",
)
check(hpa["spec"]["minReplicas"] >= 2, "the HPA keeps at least 2 replicas (one may be disrupted)")

# Configuration: every variable is one the process reads.
check(len(code) >= 20, f"read {len(code)} options from ServiceConfiguration.swift")
if len(code) < 20:
    sys.exit("could not read the options from ServiceConfiguration.swift: update options_in_code()")
unknown = sorted(set(env) - set(code))
check(not unknown, f"every environment variable set is an option of the process (unknown: {unknown})")
check(
    all(str(p.get("targetPort")) in ports for p in service["spec"]["ports"]),
    "the Service's targetPort names a container port",
)
check(int(env.get("PORT", "8080")) == ports.get("http"), f"PORT ({env.get('PORT')}) is the container's http port")
for probe_name, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
    probe = container[probe_name]["httpGet"]
    check(probe["path"] == path and probe["port"] in ports, f"{probe_name} asks {path} on a named container port")

# Drain timings (docs/operations.md "Signals and drain").
readiness = container["readinessProbe"]
pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
drain = float(env.get("DRAIN_TIMEOUT", code.get("DRAIN_TIMEOUT", "10")))
grace = pod["terminationGracePeriodSeconds"]
drain_grace = float(env.get("DRAIN_GRACE", code.get("DRAIN_GRACE", "5")))
# The chain of docs/operations.md "Draining behind a proxy": proxy idle < grace, grace + 1 s ≤
# drain < pod's (the second for a request that arrives as the grace ends).
check(
    PROXY_UPSTREAM_IDLE_SECONDS < drain_grace and drain_grace + 1 <= drain,
    f"a proxy's upstream idle timeout {PROXY_UPSTREAM_IDLE_SECONDS} s < DRAIN_GRACE {drain_grace:g} s, + 1 s ≤ DRAIN_TIMEOUT {drain:g} s",
)
unready_after = readiness["periodSeconds"] * readiness["failureThreshold"]
check(pre_stop > unready_after, f"preStop sleep {pre_stop} s > readiness period × failures = {unready_after} s")
check(pre_stop > BALANCER_OUT_SECONDS, f"preStop sleep {pre_stop} s > a balancer's check takes a replica out ({BALANCER_OUT_SECONDS} s)")
# The rollout scripts/cluster-check proved lossless: one replica replaced at a time, a new one
# ready (its /readyz) before an old one is signalled, never fewer serving than before.
strategy = deployment["spec"].get("strategy", {})
rolling = strategy.get("rollingUpdate", {})
check(
    strategy.get("type") == "RollingUpdate" and rolling.get("maxUnavailable") == 0
    and rolling.get("maxSurge") == 1,
    "the rollout adds one replica at a time and takes none away first (maxSurge 1, maxUnavailable 0)",
)
check(
    grace > pre_stop + drain + EXIT_AFTER_DRAIN_SECONDS,
    f"terminationGracePeriodSeconds {grace} > preStop {pre_stop} + drain {drain:g} + {EXIT_AFTER_DRAIN_SECONDS} s",
)

# CPU, the heavy pool and the queue.
cpu_limit = cpu_cores(container["resources"]["limits"]["cpu"])
# Both must be set: their defaults follow the node's CPUs, not the limit.
heavy = int(env.get("MAX_HEAVY_REQUESTS", 0))
workers = int(env.get("WORKERS", 0))
queued = int(env.get("MAX_QUEUED_HEAVY_REQUESTS", code["MAX_QUEUED_HEAVY_REQUESTS"]))
check(cpu_limit == int(cpu_limit), f"the CPU limit is whole cores ({cpu_limit:g})")
check(heavy == cpu_limit, f"MAX_HEAVY_REQUESTS {heavy} = CPU limit {cpu_limit:g}")
check(workers == 2 * cpu_limit, f"WORKERS {workers} = 2 × CPU limit (the default's ratio)")
check(
    cpu_cores(container["resources"]["requests"]["cpu"]) == cpu_limit,
    "CPU request = limit (the HPA's utilisation is of the limit)",
)
queue_seconds = (queued + heavy) / max(heavy, 1) * SLOWEST_REQUEST_SECONDS
check(
    queue_seconds <= drain,
    f"a full heavy line drains in time: ({queued} + {heavy}) / {heavy} × {SLOWEST_REQUEST_SECONDS} s = {queue_seconds:g} s ≤ {drain:g} s",
)

# Memory: the limit holds the unread-answer budget and the working set.
buffered = int(env.get("MAX_BUFFERED_RESPONSE_BYTES", code["MAX_BUFFERED_RESPONSE_BYTES"]))
memory_request = bytes_of(container["resources"]["requests"]["memory"])
memory_limit = bytes_of(container["resources"]["limits"]["memory"])
check(
    memory_limit >= buffered + memory_request,
    f"memory limit {memory_limit >> 20} MiB ≥ buffered-response budget {buffered >> 20} MiB + request {memory_request >> 20} MiB",
)

# Security: the Dockerfile's user, and nothing the process does not need.
user = re.search(r"^USER (\d+):(\d+)", (ROOT / "Dockerfile").read_text(), re.M)
security = pod["securityContext"]
check(
    user is not None and (security.get("runAsUser"), security.get("runAsGroup")) == (int(user[1]), int(user[2])),
    f"runAsUser/runAsGroup {security.get('runAsUser')}:{security.get('runAsGroup')} = the Dockerfile's USER",
)
check(security.get("runAsNonRoot") is True, "runAsNonRoot")
check(security.get("seccompProfile", {}).get("type") == "RuntimeDefault", "seccomp RuntimeDefault")
container_security = container["securityContext"]
check(container_security.get("readOnlyRootFilesystem") is True, "read-only root filesystem")
check(container_security.get("allowPrivilegeEscalation") is False, "no privilege escalation")
check(container_security.get("capabilities", {}).get("drop") == ["ALL"], "every capability dropped")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print(f"deploy/kubernetes: {len(resources)} resources valid against Kubernetes {', '.join(VERSIONS)}; all checks passed")
