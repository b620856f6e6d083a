// (f) Every object is valid against the Kubernetes API's schemas: the JSON schemas kubernetes-models
// generates from the API's OpenAPI description (types, required fields, enumerations, formats), and
// its TypeScript types from the same description for the fields those schemas let pass unknown
// (test/unknown-fields.ts). When kubectl is installed, kustomize's own rendering must be the objects
// the other tests read (test/manifests.ts models `kubectl apply -k`) and valid as well.
import { spawnSync } from 'node:child_process';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { k8sDir, loadExampleSecret, loadManifests, readKustomization, type Manifest } from './manifests';
import { fieldProblems } from './unknown-fields';

interface Model {
  apiVersion: string;
  kind: string;
  new (data: object): { validate(): void };
}
const models: Model[] = [ConfigMap, Namespace, Secret, Service, Deployment, HorizontalPodAutoscaler, PodDisruptionBudget, Ingress, NetworkPolicy];
const modelFor = (manifest: Manifest) => models.find((model) => model.apiVersion === manifest.apiVersion && model.kind === manifest.kind);

/** The schema's complaint about a manifest, or undefined when it is valid. */
function schemaErrors(manifest: Manifest): string | undefined {
  const Model = modelFor(manifest);
  if (!Model) return `no schema here for ${manifest.apiVersion} ${manifest.kind}: add its model to test/schemas.test.ts`;
  try {
    new Model(manifest).validate();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const label = (manifest: Manifest) => `${manifest.kind} ${manifest.metadata.namespace ?? ''}/${manifest.metadata.name}`;

const kubectlInstalled = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

/** `kubectl kustomize infra/k8s`: the objects `kubectl apply -k` would send to the API server. */
function kustomizeRendering(): Manifest[] {
  const rendered = spawnSync('kubectl', ['kustomize', k8sDir], { encoding: 'utf8' });
  if (rendered.status !== 0) throw new Error(`kubectl kustomize failed: ${rendered.stderr}`);
  return parseAllDocuments(rendered.stdout).map((document) => document.toJS() as Manifest);
}

/** A manifest with the kustomization's `images:` applied, as kustomize does to every container. */
function withImagesReplaced(manifest: Manifest): Manifest {
  const images = readKustomization().images ?? [];
  const text = JSON.stringify(manifest, (key, value: unknown) => {
    if (key !== 'image' || typeof value !== 'string') return value;
    const replacement = images.find((image) => image.name === value);
    return replacement ? `${replacement.newName ?? value}${replacement.newTag ? `:${replacement.newTag}` : ''}` : value;
  });
  return JSON.parse(text) as Manifest;
}

const everyManifest = [...loadManifests(), loadExampleSecret()];

describe('schemas of the Kubernetes API', () => {
  it.each(everyManifest.map((manifest) => [label(manifest), manifest] as const))(
    'When %s is sent to the API server, then it is valid against its schema',
    (_label, manifest) => {
      expect(schemaErrors(manifest)).toBeUndefined();
    },
  );

  it('When a manifest breaks its schema, then the check says so (it is not a check that cannot fail)', () => {
    const policy = loadManifests().find((manifest) => manifest.kind === 'NetworkPolicy')!;
    const broken = { ...policy, spec: { ...(policy.spec as object), podSelector: undefined, policyTypes: 'Ingress' } } as Manifest;

    expect(schemaErrors(broken)).toMatch(/podSelector|policyTypes/);
  });

  it('When the manifests are checked field by field, then none has a field its kind does not define', () => {
    const problems = fieldProblems(everyManifest).map(({ manifest, problems: messages }) => `${label(manifest)}: ${messages.join('; ')}`);

    expect(problems).toEqual([]);
  });

  it('When a field is misspelt, then the field check names it', () => {
    const policy = everyManifest.find((manifest) => manifest.kind === 'NetworkPolicy')!;
    const misspelt = { ...policy, spec: { ...(policy.spec as object), policyType: ['Ingress'] } } as Manifest;

    expect(schemaErrors(misspelt), 'the JSON schema lets it pass').toBeUndefined();
    expect(fieldProblems([misspelt]).flatMap(({ problems }) => problems).join('\n')).toContain('policyType');
  });

  it.skipIf(!kubectlInstalled)('When kubectl kustomize renders the folder, then it yields the objects the tests read, each valid against its schema', () => {
    const rendered = kustomizeRendering();
    const read = loadManifests().map(withImagesReplaced);

    expect(rendered.map(label).sort()).toEqual(read.map(label).sort());
    for (const manifest of rendered) {
      expect(manifest, label(manifest)).toEqual(read.find((candidate) => label(candidate) === label(manifest)));
      expect(schemaErrors(manifest), label(manifest)).toBeUndefined();
    }
  });
});
