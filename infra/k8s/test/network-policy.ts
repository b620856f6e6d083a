// A small, literal model of NetworkPolicy as the networking.k8s.io/v1 API defines it, so the tests
// can ask "may this pod open that connection" without a cluster: a connection passes when the
// source may send it (egress) and the destination may receive it (ingress). A pod that no policy of
// its namespace selects for a direction is not isolated in that direction.
import net from 'node:net';
import type { Manifest } from './manifests';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
}

export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

export interface NetworkPolicyPort {
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  port?: number | string;
  endPort?: number;
}

export interface NetworkPolicy extends Manifest {
  kind: 'NetworkPolicy';
  spec: {
    podSelector: LabelSelector;
    policyTypes?: Array<'Ingress' | 'Egress'>;
    ingress?: Array<{ from?: NetworkPolicyPeer[]; ports?: NetworkPolicyPort[] }>;
    egress?: Array<{ to?: NetworkPolicyPeer[]; ports?: NetworkPolicyPort[] }>;
  };
}

export type Protocol = 'TCP' | 'UDP';

/** A pod of the cluster, with the ports its containers declare (named ports resolve against them). */
export interface Pod {
  kind: 'pod';
  name: string;
  namespace: string;
  labels: Record<string, string>;
  ports: Array<{ name?: string; containerPort: number; protocol?: Protocol }>;
}

/** An address outside the cluster (a managed MongoDB, an SMTP relay, ...). */
export interface OutsideHost {
  kind: 'outside';
  name: string;
  address: string;
}

export type Endpoint = Pod | OutsideHost;

export interface Connection {
  from: Endpoint;
  to: Endpoint;
  port: number;
  protocol: Protocol;
}

export interface Cluster {
  policies: NetworkPolicy[];
  /** Namespace name → its labels (the API server adds kubernetes.io/metadata.name to every one). */
  namespaceLabels(namespace: string): Record<string, string>;
}

export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return byLabels && byExpressions;
}

function inCidr(address: string, cidr: string): boolean {
  const [network, prefix] = cidr.split('/');
  const family = net.isIPv6(network) ? 'ipv6' : 'ipv4';
  if ((net.isIPv6(address) ? 'ipv6' : 'ipv4') !== family) return false;
  const block = new net.BlockList();
  block.addSubnet(network, Number(prefix), family);
  return block.check(address, family);
}

/**
 * Whether a peer of a rule of a policy in `policyNamespace` covers an endpoint. An ipBlock covers
 * only addresses outside the cluster: the API leaves its effect on pod addresses to the network
 * plugin ("pod IPs are ephemeral"), so these manifests select pods by labels.
 */
function peerCovers(peer: NetworkPolicyPeer, policyNamespace: string, endpoint: Endpoint, cluster: Cluster): boolean {
  if (peer.ipBlock) {
    if (endpoint.kind !== 'outside') return false;
    return inCidr(endpoint.address, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((except) => inCidr(endpoint.address, except));
  }
  if (endpoint.kind !== 'pod') return false;
  const namespaceMatches = peer.namespaceSelector ? selects(peer.namespaceSelector, cluster.namespaceLabels(endpoint.namespace)) : endpoint.namespace === policyNamespace;
  return namespaceMatches && selects(peer.podSelector, endpoint.labels);
}

/** Whether a rule's ports cover a connection; a named port is looked up on the destination pod. */
function portsCover(ports: NetworkPolicyPort[] | undefined, connection: Connection): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some(({ protocol = 'TCP', port, endPort }) => {
    if (protocol !== connection.protocol) return false;
    if (port === undefined) return true;
    if (typeof port === 'number') return endPort === undefined ? connection.port === port : connection.port >= port && connection.port <= endPort;
    return connection.to.kind === 'pod' && connection.to.ports.some((candidate) => candidate.name === port && candidate.containerPort === connection.port && (candidate.protocol ?? 'TCP') === connection.protocol);
  });
}

function policyTypesOf(policy: NetworkPolicy): Array<'Ingress' | 'Egress'> {
  return policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? (['Egress'] as const) : [])];
}

function policiesIsolating(pod: Pod, direction: 'Ingress' | 'Egress', cluster: Cluster): NetworkPolicy[] {
  return cluster.policies.filter(
    (policy) => (policy.metadata.namespace ?? 'default') === pod.namespace && selects(policy.spec.podSelector, pod.labels) && policyTypesOf(policy).includes(direction),
  );
}

/** Whether the source's own policies let it send the connection (always, for a source outside the cluster). */
export function egressAllows(cluster: Cluster, connection: Connection): boolean {
  if (connection.from.kind !== 'pod') return true;
  const policies = policiesIsolating(connection.from, 'Egress', cluster);
  if (policies.length === 0) return true;
  return policies.some((policy) =>
    (policy.spec.egress ?? []).some(
      (rule) => (!rule.to || rule.to.length === 0 || rule.to.some((peer) => peerCovers(peer, policy.metadata.namespace ?? 'default', connection.to, cluster))) && portsCover(rule.ports, connection),
    ),
  );
}

/** Whether the destination's own policies let it receive the connection (always, for a destination outside). */
export function ingressAllows(cluster: Cluster, connection: Connection): boolean {
  if (connection.to.kind !== 'pod') return true;
  const policies = policiesIsolating(connection.to, 'Ingress', cluster);
  if (policies.length === 0) return true;
  return policies.some((policy) =>
    (policy.spec.ingress ?? []).some(
      (rule) => (!rule.from || rule.from.length === 0 || rule.from.some((peer) => peerCovers(peer, policy.metadata.namespace ?? 'default', connection.from, cluster))) && portsCover(rule.ports, connection),
    ),
  );
}

/** Whether the policies let the connection through, in both directions. */
export function allows(cluster: Cluster, connection: Connection): boolean {
  return egressAllows(cluster, connection) && ingressAllows(cluster, connection);
}
