import fs from 'node:fs';
import path from 'node:path';

export interface LoadBalancerSettings {
  /** Where the public entry listens: the stack's HOST and PORT. */
  host: string;
  port: number;
  /** Each gateway's own URL (http://127.0.0.1:<port>), named gateway-1, gateway-2, ... in that order. */
  gatewayUrls: string[];
  /** The Host the health checks send: PUBLIC_URL's, a name the gateway answers for. */
  healthCheckHost: string;
  /** The longest a gateway takes to answer, its connect and response timeouts to a service together (UPSTREAM_*_TIMEOUT_MS). */
  gatewayAnswerMs: number;
}

/** Time for the gateway's own 504 to reach the client before HAProxy would give up on it. */
const ANSWER_MARGIN_MS = 5_000;

/** A JSON error in the gateway's shape ({ message }), for what HAProxy answers itself. */
function jsonError(status: number, message: string): string {
  return `    http-error status ${status} content-type application/json string "${JSON.stringify({ message }).replace(/["\\]/g, '\\$&')}"`;
}

function bindAddress(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare.includes(':') ? `ipv6@${bare}:${port}` : `${bare}:${port}`;
}

/**
 * The HAProxy configuration of the public entry when several gateways run. Every choice is one the
 * gateway alone would have made, so a user sees the same product through it:
 * - bodies are streamed (HAProxy's default; no `option http-buffer-request`), so a 72 MB submission
 *   passes without a buffer limit, and the gateway keeps enforcing its own body limits;
 * - the server and client timeouts outlast the gateway's own upstream timeout, so a slow service
 *   still reaches the client as the gateway's 504, not as HAProxy's;
 * - `option forwardfor` appends the client's address as the last X-Forwarded-For entry; the
 *   gateways listen on loopback and trust loopback (TRUST_PROXY), so they count the same client a
 *   lone gateway would, and an entry the client forged stays as untrusted as before;
 * - the Host header passes unchanged (HTTP mode does not touch it), so the gateway's host check
 *   (known-hosts.ts) sees what the browser sent;
 * - a gateway is taken out when its /readyz fails and back when it answers again; a request whose
 *   connection is refused (a gateway just killed) is sent to another gateway at once, since nothing
 *   of it reached the first one. Nothing else is retried: a write may have been carried out.
 * - no traffic log: URLs can hold codes and tokens, and each gateway logs its own requests.
 */
export function haproxyConfig(settings: LoadBalancerSettings): string {
  const answerSeconds = Math.ceil((settings.gatewayAnswerMs + ANSWER_MARGIN_MS) / 1000);
  return [
    '# Written by the local stack (infra/local-stack/src/load-balancer.ts) at every start: edits are lost.',
    '# No log target: only HAProxy\'s own warnings (a gateway going down or up) reach its log file.',
    '',
    'defaults',
    '    mode http',
    '    option forwardfor',
    '    retries 3',
    '    option redispatch 1',
    '    timeout connect 2s',
    '    timeout http-request 10s',
    `    timeout client ${answerSeconds}s`,
    `    timeout server ${answerSeconds}s`,
    '    timeout check 5s',
    jsonError(502, 'The server stopped before answering. Please check whether what you sent was saved before sending it again.'),
    jsonError(503, 'CarDirect is not available right now. Please try again in a moment.'),
    jsonError(504, 'CarDirect did not answer in time. Please try again.'),
    '',
    'frontend public',
    `    bind ${bindAddress(settings.host, settings.port)}`,
    '    default_backend gateways',
    '',
    'backend gateways',
    '    balance roundrobin',
    '    option httpchk',
    `    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host ${settings.healthCheckHost}`,
    '    http-check expect status 200',
    // /readyz asks Redis and every service (2 s each at most): a gateway slowed by load must not be
    // taken for a dead one, so it is out after three failed checks in a row, back after two good ones.
    '    default-server inter 2s fall 3 rise 2',
    ...settings.gatewayUrls.map((url, index) => `    server gateway-${index + 1} ${new URL(url).host} check`),
    '',
  ].join('\n');
}

/** HAProxy from PATH, or where Debian's package puts it (/usr/sbin, often not on a user's PATH). */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'haproxy')), '/usr/sbin/haproxy'];
  return candidates.find((candidate) => fs.existsSync(candidate));
}
