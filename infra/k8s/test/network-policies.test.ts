// (e) The NetworkPolicies: every connection the code makes is let through, and nothing else is.
// The calls are derived as the other tests derive things: the Ingress's backends, each member's
// *_SERVICE_URL settings (its own config loader), the stores it reads (MONGODB_URI, REDIS_URL,
// SMTP_URL, at the ports of the example Secret's URLs), DNS for any host it names, and Prometheus
// scraping the METRICS_PORT a member is given. The policies are evaluated by a model of the API's
// rules (test/network-policy.ts) over every pair of pods the manifests create, the cluster's own
// (ingress controller, DNS, Prometheus) and some that must get nowhere.
import { describe, expect, it } from 'vitest';
import { configLoaders, serviceUrlSettings } from './config-loaders';
import { nginxConfig } from './front-end-image';
import {
  backEndNames,
  containerPortBehind,
  deploymentBehind,
  loadDeploymentContext,
  named,
  ofKind,
  onlyContainer,
  readKustomization,
  serviceForUrl,
  type BackEndName,
  type Deployment,
  type Ingress,
  type Manifest,
} from './manifests';
import { allows, egressAllows, ingressAllows, selects, type Connection, type Endpoint, type NetworkPolicy, type OutsideHost, type Pod, type Protocol } from './network-policy';
import type { NginxDirective } from './routing';

interface Hpa extends Manifest {
  spec: { scaleTargetRef: { name: string }; metrics: Array<{ type: string }> };
}

const context = loadDeploymentContext();
const namespace = readKustomization().namespace ?? 'default';
const policies = ofKind<NetworkPolicy>(context.manifests, 'NetworkPolicy');
const [ingress] = ofKind<Ingress>(context.manifests, 'Ingress');
const configOf = (name: BackEndName) => configLoaders[name](context.environmentOf(name));
const cluster = {
  policies,
  namespaceLabels: (name: string) => ({ 'kubernetes.io/metadata.name': name }),
};

const isBackEnd = (name: string): name is BackEndName => (backEndNames as readonly string[]).includes(name);

/** The port a member serves /metrics on, from its config loader; undefined when it has none. */
function metricsPortOf(name: string): number | undefined {
  const port = isBackEnd(name) ? configOf(name).METRICS_PORT : undefined;
  return typeof port === 'number' ? port : undefined;
}

/** A pod listens on the ports its container declares and on its METRICS_PORT (scraped by number, not declared). */
function podOf(deployment: Deployment): Pod {
  const metricsPort = metricsPortOf(deployment.metadata.name);
  return {
    kind: 'pod',
    name: deployment.metadata.name,
    namespace,
    labels: deployment.spec.template.metadata.labels,
    ports: [...(onlyContainer(deployment).ports ?? []), ...(metricsPort === undefined ? [] : [{ name: 'metrics', containerPort: metricsPort }])],
  };
}
const ourPods = context.deployments.map(podOf);
const podNamed = (name: string) => ourPods.find((pod) => pod.name === name)!;

// The cluster around the manifests, as network-policies.yaml's header says it must be.
const ingressController: Pod = {
  kind: 'pod',
  name: 'the ingress-nginx controller',
  namespace: 'ingress-nginx',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/instance': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' },
  ports: [
    { name: 'http', containerPort: 80 },
    { name: 'https', containerPort: 443 },
  ],
};
const dns: Pod = {
  kind: 'pod',
  name: 'the cluster DNS',
  namespace: 'kube-system',
  labels: { 'k8s-app': 'kube-dns' },
  ports: [
    { name: 'dns', containerPort: 53, protocol: 'UDP' },
    { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
  ],
};
const prometheus: Pod = {
  kind: 'pod',
  name: 'Prometheus',
  namespace: 'monitoring',
  labels: { 'app.kubernetes.io/name': 'prometheus', 'app.kubernetes.io/instance': 'prometheus', 'app.kubernetes.io/component': 'server' },
  ports: [{ name: 'web', containerPort: 9090 }],
};
// Pods that must get nowhere: one started by hand in the namespace, look-alikes wearing the
// controller's labels in the wrong namespace, the gateway's or Prometheus's in another, and another
// pod of the monitoring namespace.
const strangers: Pod[] = [
  { kind: 'pod', name: 'a pod started by hand in the namespace', namespace, labels: { run: 'debug' }, ports: [{ containerPort: 8080 }] },
  { kind: 'pod', name: 'a pod of the namespace labelled like the ingress controller', namespace, labels: ingressController.labels, ports: [] },
  { kind: 'pod', name: 'a pod of another namespace labelled like the gateway', namespace: 'other-team', labels: podNamed('gateway').labels, ports: [{ containerPort: 8080 }] },
  { kind: 'pod', name: 'a pod of another namespace labelled like Prometheus', namespace: 'other-team', labels: prometheus.labels, ports: [] },
  { kind: 'pod', name: 'Grafana, in the monitoring namespace', namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'grafana' }, ports: [{ containerPort: 3000 }] },
];
// Managed services live outside the cluster at addresses only the operator knows, so the policies
// can tell them apart by port only: one host stands for every address outside.
const outside: OutsideHost = { kind: 'outside', name: 'outside the cluster', address: '198.51.100.10' };

/** The port a connection URL reaches (the driver's default when it names none). */
function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  const defaults: Record<string, number> = { 'mongodb:': 27017, 'mongodb+srv:': 27017, 'redis:': 6379, 'rediss:': 6379, 'smtp:': 587, 'smtps:': 465 };
  const port = defaults[url.protocol];
  if (port === undefined) throw new Error(`no default port known for ${url.protocol}`);
  return port;
}

/** The example Secret's connection URLs: the stores outside the cluster, by the setting that names them. */
const stores = Object.entries(context.secret.stringData).flatMap(([setting, value]) => {
  if (!URL.canParse(value)) return [];
  const url = new URL(value);
  return url.hostname ? [{ setting, url }] : [];
});

const isAddress = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.startsWith('[');

/** Every connection the code makes, derived from the manifests and the services' own config. */
function callsTheCodeMakes(): Connection[] {
  const calls: Connection[] = [];
  for (const path of ingress.spec.rules.flatMap((rule) => rule.http.paths)) {
    const service = named(context.services, path.backend.service.name);
    const servicePort = path.backend.service.port.number ?? service.spec.ports.find((port) => port.name === path.backend.service.port.name)!.port;
    const deployment = deploymentBehind(service, context.deployments)!;
    calls.push({ from: ingressController, to: podNamed(deployment.metadata.name), port: containerPortBehind(service, servicePort, deployment)!, protocol: 'TCP' });
  }
  for (const name of backEndNames) {
    const config = configOf(name);
    const from = podNamed(name);
    const hostsNamed: string[] = [];
    for (const { url } of serviceUrlSettings(config)) {
      const target = serviceForUrl(url, context.services, namespace)!;
      const deployment = deploymentBehind(target.service, context.deployments)!;
      calls.push({ from, to: podNamed(deployment.metadata.name), port: containerPortBehind(target.service, target.port, deployment)!, protocol: 'TCP' });
      hostsNamed.push(new URL(url).hostname);
    }
    for (const { setting, url } of stores) {
      if (typeof config[setting] !== 'string') continue;
      calls.push({ from, to: outside, port: portOf(url), protocol: 'TCP' });
      hostsNamed.push(url.hostname);
    }
    if (hostsNamed.some((hostname) => !isAddress(hostname))) {
      for (const protocol of ['UDP', 'TCP'] as const) calls.push({ from, to: dns, port: 53, protocol });
    }
    const metricsPort = metricsPortOf(name);
    if (metricsPort !== undefined) calls.push({ from: prometheus, to: from, port: metricsPort, protocol: 'TCP' });
  }
  return calls;
}

const everyPod = [...ourPods, ingressController, dns, prometheus, ...strangers];
const inNamespace = (endpoint: Endpoint): endpoint is Pod => endpoint.kind === 'pod' && endpoint.namespace === namespace;

/** Every connection anyone could try: from each pod and from outside, to every port a pod declares, one nobody uses, and common ports outside. */
function everyConnection(): Connection[] {
  const unusedPort = { containerPort: 9999, protocol: 'TCP' as Protocol };
  const outsidePorts = [...new Set([...stores.map(({ url }) => portOf(url)), 22, 25, 80, 443, 587, 6379])];
  const destinations = [
    ...everyPod.flatMap((to) => [...to.ports, unusedPort].map(({ containerPort, protocol = 'TCP' }) => ({ to, port: containerPort, protocol }))),
    ...outsidePorts.map((port) => ({ to: outside, port, protocol: 'TCP' as Protocol })),
  ];
  return [...everyPod, outside].flatMap((from) => destinations.map((destination) => ({ from, ...destination })));
}

const describeConnection = ({ from, to, port, protocol }: Connection) => `${from.name} → ${to.name}:${port}/${protocol}`;

function directiveNames(directives: NginxDirective[]): string[] {
  return directives.flatMap((directive) => [directive.name, ...directiveNames(directive.block ?? [])]);
}

const calls = callsTheCodeMakes();
const attempts = everyConnection();
const sorted = (connections: Connection[]) => [...new Set(connections.map(describeConnection))].sort();

// Each side is checked on its own: a pod's egress must allow no more than it calls even though the
// callee's ingress would refuse the rest, and the other way round (a later policy, a pod with
// policies of its own, or a namespace without the default deny must not open a gap).
describe('NetworkPolicies', () => {
  it.each([...ourPods, ...strangers.filter(inNamespace)].map((pod) => [pod.name, pod] as const))(
    'When %s sends, then its egress allows exactly the connections the code makes from it',
    (_name, from) => {
      const expected = sorted(calls.filter((call) => call.from === from));

      const allowed = sorted(attempts.filter((attempt) => attempt.from === from && egressAllows(cluster, attempt)));

      expect(allowed).toEqual(expected);
    },
  );

  it.each([...ourPods, ...strangers.filter(inNamespace)].map((pod) => [pod.name, pod] as const))(
    'When %s is called, then its ingress admits exactly the callers the code has',
    (_name, to) => {
      const expected = sorted(calls.filter((call) => call.to === to));

      const admitted = sorted(attempts.filter((attempt) => attempt.to === to && ingressAllows(cluster, attempt)));

      expect(admitted).toEqual(expected);
    },
  );

  it('When a pod is added to the namespace later, then a default deny already covers it in both directions', () => {
    const denyAll = policies.filter(
      (policy) => selects(policy.spec.podSelector, { 'any-label': 'any-value' }) && (policy.spec.ingress ?? []).length === 0 && (policy.spec.egress ?? []).length === 0,
    );

    expect(denyAll.map((policy) => [...(policy.spec.policyTypes ?? [])].sort())).toEqual([['Egress', 'Ingress']]);
  });

  it('When the front ends\' nginx serves, then it calls nothing, so their pods need no egress', () => {
    const calling = directiveNames(nginxConfig).filter((name) => /_pass$|^resolver$/.test(name));

    expect(calling).toEqual([]);
  });

  it.each(context.deployments.map((deployment) => [deployment.metadata.name, deployment] as const))(
    'When Prometheus looks for %s to scrape, then the pod\'s scrape annotations name its METRICS_PORT and /metrics, or it has neither',
    (name, deployment) => {
      const metricsPort = metricsPortOf(name);
      const annotations = deployment.spec.template.metadata.annotations ?? {};

      const scrape = Object.fromEntries(Object.entries(annotations).filter(([key]) => key.startsWith('prometheus.io/')));

      expect(scrape).toEqual(metricsPort === undefined ? {} : { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': '/metrics' });
    },
  );

  it('When an autoscaler scales a member on an External metric, then Prometheus can reach the metrics port it reads it from', () => {
    const scaledOnExternal = ofKind<Hpa>(context.manifests, 'HorizontalPodAutoscaler')
      .filter((hpa) => hpa.spec.metrics.some((metric) => metric.type === 'External'))
      .map((hpa) => hpa.spec.scaleTargetRef.name);

    expect(scaledOnExternal).toContain('notifier');
    for (const name of scaledOnExternal) {
      const port = metricsPortOf(name);
      expect(port, `${name} has no METRICS_PORT`).toBeDefined();
      expect(allows(cluster, { from: prometheus, to: podNamed(name), port: port!, protocol: 'TCP' }), name).toBe(true);
    }
  });

  it('When the gateway is reached, then only the ingress controller can reach it, the one caller TRUST_PROXY trusts', () => {
    const gatewayPort = configOf('gateway').PORT as number;
    const callers = [...everyPod, outside].filter((from) => allows(cluster, { from, to: podNamed('gateway'), port: gatewayPort, protocol: 'TCP' }));

    expect(callers.map((pod) => pod.name)).toEqual([ingressController.name]);
  });
});
