// Reads infra/k8s the way `kubectl apply -k` would see it (the resources kustomization.yaml lists)
// and builds each container's environment as Kubernetes would, so the tests can hand it to the
// services' own config loaders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse } from 'yaml';

export const k8sDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(k8sDir, '../..');

export const backEndNames = ['gateway', 'auth', 'dealer', 'vehicle', 'notifier'] as const;
export type BackEndName = (typeof backEndNames)[number];
export const frontEndNames = ['shell', 'mfe-seller', 'mfe-dealer', 'mfe-admin'] as const;
export type FrontEndName = (typeof frontEndNames)[number];

/** Only the fields the tests read; anything else in the manifests is passed through untyped. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string };
    secretKeyRef?: { name: string; key: string };
  };
}

export interface Probe {
  httpGet?: { path: string; port: number | string };
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
}

export interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; runAsNonRoot?: boolean; runAsUser?: number };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}

export interface Deployment extends Manifest {
  kind: 'Deployment';
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: {
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
        containers: Container[];
        volumes?: Array<{ name: string; emptyDir?: Record<string, unknown> }>;
      };
    };
  };
}

export interface Service extends Manifest {
  kind: 'Service';
  spec: { selector: Record<string, string>; ports: Array<{ name?: string; port: number; targetPort?: number | string }> };
}

export interface IngressBackend {
  service: { name: string; port: { number?: number; name?: string } };
}

export interface Ingress extends Manifest {
  kind: 'Ingress';
  spec: {
    ingressClassName?: string;
    tls?: Array<{ hosts: string[]; secretName: string }>;
    rules: Array<{ host?: string; http: { paths: Array<{ path: string; pathType: 'Exact' | 'Prefix' | 'ImplementationSpecific'; backend: IngressBackend }> } }>;
  };
}

export interface Kustomization {
  namespace?: string;
  resources: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
}

export function readText(relativeToRepo: string): string {
  return readFileSync(path.join(repoRoot, relativeToRepo), 'utf8');
}

export function readKustomization(): Kustomization {
  return parse(readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8')) as Kustomization;
}

function readManifestFile(file: string): Manifest[] {
  const documents = parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8'));
  return documents.map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
    return document.toJS() as Manifest;
  }).filter(Boolean);
}

/** Every object `kubectl apply -k infra/k8s` would create, with the kustomization's namespace applied. */
export function loadManifests(): Manifest[] {
  const kustomization = readKustomization();
  return kustomization.resources.flatMap(readManifestFile).map((manifest) =>
    manifest.kind === 'Namespace' || !kustomization.namespace ? manifest : { ...manifest, metadata: { ...manifest.metadata, namespace: kustomization.namespace } },
  );
}

/** The example Secret (not part of the kustomization). */
export function loadExampleSecret(): Manifest & { stringData: Record<string, string> } {
  const [secret] = readManifestFile('secret.example.yaml');
  return secret as Manifest & { stringData: Record<string, string> };
}

export function ofKind<Kind extends Manifest>(manifests: Manifest[], kind: Kind['kind']): Kind[] {
  return manifests.filter((manifest): manifest is Kind => manifest.kind === kind);
}

export function named<Kind extends Manifest>(manifests: Kind[], name: string): Kind {
  const found = manifests.find((manifest) => manifest.metadata.name === name);
  if (!found) throw new Error(`No ${manifests[0]?.kind ?? 'manifest'} named ${name}`);
  return found;
}

export function onlyContainer(deployment: Deployment): Container {
  const { containers } = deployment.spec.template.spec;
  if (containers.length !== 1) throw new Error(`${deployment.metadata.name}: expected one container, found ${containers.length}`);
  return containers[0];
}

/** `ENV a=b c=d` lines of a Dockerfile's last stage: what a container has before its own env. */
export function dockerfileEnv(dockerfileText: string): Record<string, string> {
  const stages = dockerfileText.split(/^FROM\s/m);
  const lastStage = stages[stages.length - 1];
  const env: Record<string, string> = {};
  for (const line of lastStage.split('\n')) {
    const match = /^ENV\s+(.+)$/.exec(line.trim());
    if (!match) continue;
    for (const pair of match[1].split(/\s+/)) {
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      // ENV SERVICE=${SERVICE}: the build argument's value, which the container's own env overrides.
      if (!value.includes('${')) env[name] = value;
    }
  }
  return env;
}

/**
 * The environment of a container as the kubelet builds it: the image's ENV, then the container's
 * `env` entries, each value read from its ConfigMap or Secret. A reference to a key that does not
 * exist fails here, as the pod would fail to start.
 */
export function containerEnvironment(
  container: Container,
  sources: { imageEnv: Record<string, string>; configMaps: Record<string, Record<string, string>>; secrets: Record<string, Record<string, string>> },
): Record<string, string> {
  const env: Record<string, string> = { ...sources.imageEnv };
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = String(variable.value);
      continue;
    }
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    const secretRef = variable.valueFrom?.secretKeyRef;
    const ref = configMapRef ?? secretRef;
    if (!ref) throw new Error(`${container.name}: ${variable.name} has neither a value nor a ConfigMap/Secret reference`);
    const kind = configMapRef ? 'ConfigMap' : 'Secret';
    const data = configMapRef ? sources.configMaps[ref.name] : sources.secrets[ref.name];
    if (!data) throw new Error(`${container.name}: ${variable.name} refers to ${kind} ${ref.name}, which is not defined`);
    if (!(ref.key in data)) throw new Error(`${container.name}: ${variable.name} refers to key ${ref.key}, missing from ${kind} ${ref.name}`);
    env[variable.name] = String(data[ref.key]);
  }
  return env;
}

/** Everything the back-end tests need, read once. */
export function loadDeploymentContext() {
  const manifests = loadManifests();
  const secret = loadExampleSecret();
  const configMaps = Object.fromEntries(
    ofKind<Manifest & { kind: 'ConfigMap'; data: Record<string, string> }>(manifests, 'ConfigMap').map((configMap) => [configMap.metadata.name, configMap.data]),
  );
  const secrets = { [secret.metadata.name]: secret.stringData };
  const imageEnv = dockerfileEnv(readText('infra/compose/Dockerfile'));
  const deployments = ofKind<Deployment>(manifests, 'Deployment');
  const services = ofKind<Service>(manifests, 'Service');
  const environmentOf = (name: string) => containerEnvironment(onlyContainer(named(deployments, name)), { imageEnv, configMaps, secrets });
  return { manifests, secret, configMaps, secrets, imageEnv, deployments, services, environmentOf };
}

/** The Service a URL's host names (`auth`, `auth.cardirect`, `auth.cardirect.svc.cluster.local`), if any. */
export function serviceForUrl(url: string, services: Service[], namespace: string): { service: Service; port: number } | undefined {
  const parsed = new URL(url);
  const [name, ns, ...rest] = parsed.hostname.split('.');
  const inNamespace = ns === undefined || (ns === namespace && (rest.length === 0 || rest.join('.') === 'svc' || rest.join('.') === 'svc.cluster.local'));
  if (!inNamespace) return undefined;
  const service = services.find((candidate) => candidate.metadata.name === name);
  if (!service) return undefined;
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  return { service, port };
}

/** The Deployment whose pods a Service selects. */
export function deploymentBehind(service: Service, deployments: Deployment[]): Deployment | undefined {
  return deployments.find((deployment) =>
    Object.entries(service.spec.selector).every(([label, value]) => deployment.spec.template.metadata.labels[label] === value),
  );
}

/** The container port a Service port forwards to (targetPort by number or by the container port's name). */
export function containerPortBehind(service: Service, servicePort: number, deployment: Deployment): number | undefined {
  const port = service.spec.ports.find((candidate) => candidate.port === servicePort);
  if (!port) return undefined;
  const target = port.targetPort ?? port.port;
  const container = onlyContainer(deployment);
  if (typeof target === 'number') return container.ports?.some((candidate) => candidate.containerPort === target) ? target : undefined;
  return container.ports?.find((candidate) => candidate.name === target)?.containerPort;
}

/** A probe's port as a number (it may name the container port). */
export function probePort(probe: Probe, container: Container): number | undefined {
  const port = probe.httpGet?.port;
  if (typeof port === 'number') return port;
  return container.ports?.find((candidate) => candidate.name === port)?.containerPort;
}
