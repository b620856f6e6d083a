import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backEndNames,
  frontEndNames,
  k8sDir,
  loadDeploymentContext,
  named,
  ofKind,
  onlyContainer,
  readKustomization,
  repoRoot,
  type Manifest,
} from './manifests';

const kustomization = readKustomization();
const context = loadDeploymentContext();
const allDeployments = [...backEndNames, ...frontEndNames];

interface Hpa extends Manifest {
  spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number; metrics: Array<{ type: string; resource?: { name: string } }> };
}
interface Pdb extends Manifest {
  spec: { selector: { matchLabels: Record<string, string> }; minAvailable?: number | string; maxUnavailable?: number | string };
}

function yamlFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [path.relative(k8sDir, full)] : [];
  });
}

describe('infra/k8s manifests', () => {
  it('When kubectl apply -k reads the folder, then every manifest file is listed, except the example Secret', () => {
    const manifestFiles = yamlFilesUnder(k8sDir).filter((file) => file !== 'kustomization.yaml');

    expect([...kustomization.resources].sort()).toEqual(manifestFiles.filter((file) => file !== 'secret.example.yaml').sort());
    expect(context.manifests.filter((manifest) => manifest.kind === 'Secret')).toEqual([]);
  });

  it('When the manifests are applied, then everything lands in the cardirect namespace, which they create', () => {
    expect(kustomization.namespace).toBe('cardirect');
    expect(ofKind(context.manifests, 'Namespace').map((namespace) => namespace.metadata.name)).toEqual(['cardirect']);
    expect(context.secret.metadata.namespace).toBe('cardirect');
  });

  it('When the manifests are read, then there is one Deployment and one Service per back-end member and per front end', () => {
    expect(context.deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([...allDeployments].sort());
    expect(context.services.map((service) => service.metadata.name).sort()).toEqual([...allDeployments].sort());
  });

  it.each(allDeployments)('When %s is scaled, then a CPU HorizontalPodAutoscaler of its own does it and the Deployment does not fight it with replicas', (name) => {
    const hpas = ofKind<Hpa>(context.manifests, 'HorizontalPodAutoscaler').filter((hpa) => hpa.spec.scaleTargetRef.name === name);

    expect(hpas).toHaveLength(1);
    expect(hpas[0].apiVersion).toBe('autoscaling/v2');
    expect(hpas[0].spec.scaleTargetRef.kind).toBe('Deployment');
    expect(hpas[0].spec.metrics.map((metric) => metric.resource?.name)).toContain('cpu');
    expect(hpas[0].spec.maxReplicas).toBeGreaterThan(hpas[0].spec.minReplicas ?? 1);
    expect(named(context.deployments, name).spec.replicas).toBeUndefined();
  });

  it.each(allDeployments)('When a node hosting %s is drained, then a PodDisruptionBudget keeps it serving (the notifier, a queue worker, may pause)', (name) => {
    const labels = named(context.deployments, name).spec.template.metadata.labels;
    const budgets = ofKind<Pdb>(context.manifests, 'PodDisruptionBudget').filter((pdb) =>
      Object.entries(pdb.spec.selector.matchLabels).every(([label, value]) => labels[label] === value),
    );

    if (name === 'notifier') {
      expect(budgets).toEqual([]);
      return;
    }
    expect(budgets).toHaveLength(1);
    expect(budgets[0].spec.maxUnavailable ?? budgets[0].spec.minAvailable).toBeDefined();
  });

  it.each(allDeployments)('When %s runs, then it has CPU and memory requests and limits, runs as a non-root user and cannot gain privileges', (name) => {
    const deployment = named(context.deployments, name);
    const container = onlyContainer(deployment);
    const pod = deployment.spec.template.spec;

    for (const kind of ['requests', 'limits'] as const) {
      expect(container.resources?.[kind]?.cpu, `${kind}.cpu`).toBeDefined();
      expect(container.resources?.[kind]?.memory, `${kind}.memory`).toBeDefined();
    }
    expect(pod.securityContext?.runAsNonRoot ?? container.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser ?? container.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
    if (container.securityContext?.readOnlyRootFilesystem) {
      expect(container.volumeMounts?.map((mount) => mount.mountPath), 'a read-only root needs a writable /tmp').toContain('/tmp');
    }
  });

  it.each(allDeployments)('When the %s Service selects pods, then it selects exactly that Deployment\'s', (name) => {
    const deployment = named(context.deployments, name);
    const service = named(context.services, name);

    expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector);
    for (const [label, value] of Object.entries(deployment.spec.selector.matchLabels)) {
      expect(deployment.spec.template.metadata.labels[label]).toBe(value);
    }
    const others = context.deployments.filter((other) => other !== deployment && Object.entries(service.spec.selector).every(([label, value]) => other.spec.template.metadata.labels[label] === value));
    expect(others).toEqual([]);
  });

  it.each(backEndNames)('When the %s pod starts, then the one back-end image runs that member (SERVICE names a built entry point)', (name) => {
    const container = onlyContainer(named(context.deployments, name));

    expect(container.image).toBe('cardirect-backend');
    expect(context.environmentOf(name).SERVICE).toBe(name);
    expect(existsSync(path.join(repoRoot, 'services', name, 'src', 'main.ts'))).toBe(true);
  });

  it.each(frontEndNames)('When the %s pod starts, then it runs that front end\'s own image', (name) => {
    expect(onlyContainer(named(context.deployments, name)).image).toBe(`cardirect-${name}`);
    expect(existsSync(path.join(repoRoot, name, 'package.json'))).toBe(true);
  });

  it('When the kustomization sets image names and tags, then it covers every image a Deployment uses', () => {
    const used = new Set(context.deployments.map((deployment) => onlyContainer(deployment).image));

    expect((kustomization.images ?? []).map((image) => image.name).sort()).toEqual([...used].sort());
  });
});
