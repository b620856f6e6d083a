import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findHaproxy, haproxyConfig, type LoadBalancerSettings } from './load-balancer';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const twoGateways: LoadBalancerSettings = {
  host: '127.0.0.1',
  port: 8080,
  gatewayUrls: ['http://127.0.0.1:41001', 'http://127.0.0.1:41002'],
  healthCheckHost: 'localhost:8080',
  gatewayAnswerMs: 31_000,
};

const linesOf = (config: string) => config.split('\n').map((line) => line.trim());

describe('The load balancer\'s configuration for two gateways', () => {
  it('When it is written, then both gateways are servers of one round-robin backend behind the public port', () => {
    const lines = linesOf(haproxyConfig(twoGateways));

    expect(lines).toContain('bind 127.0.0.1:8080');
    expect(lines).toContain('balance roundrobin');
    expect(lines.filter((line) => line.startsWith('server '))).toEqual(['server gateway-1 127.0.0.1:41001 check', 'server gateway-2 127.0.0.1:41002 check']);
  });

  it('When it is written, then each gateway is checked on /readyz with a Host the gateway answers for', () => {
    const lines = linesOf(haproxyConfig(twoGateways));

    expect(lines).toContain('option httpchk');
    expect(lines).toContain('http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost:8080');
    expect(lines).toContain('http-check expect status 200');
  });

  it('When the gateway may take 31 s to answer, then HAProxy waits longer on both sides, so the gateway\'s own 504 reaches the client', () => {
    const lines = linesOf(haproxyConfig(twoGateways));

    expect(lines).toContain('timeout server 36s');
    expect(lines).toContain('timeout client 36s');
  });

  it('When it is written, then the client\'s address is passed on and bodies are streamed, not buffered', () => {
    const lines = linesOf(haproxyConfig(twoGateways));

    expect(lines).toContain('option forwardfor');
    expect(lines.some((line) => line.includes('http-buffer-request') || line.startsWith('tune.bufsize'))).toBe(false);
  });

  it('When the stack listens on an IPv6 address, then HAProxy binds it as one', () => {
    expect(linesOf(haproxyConfig({ ...twoGateways, host: '::1' }))).toContain('bind ipv6@::1:8080');
  });

  it('When HAProxy itself checks it, then it is valid', () => {
    const haproxy = findHaproxy();
    expect(haproxy, 'haproxy must be installed (apt-get install haproxy)').toBeDefined();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'haproxy.cfg');
    fs.writeFileSync(file, haproxyConfig(twoGateways));

    const check = spawnSync(haproxy!, ['-c', '-f', file], { encoding: 'utf8' });

    expect(`${check.stdout}${check.stderr}`).toContain('Configuration file is valid');
    expect(check.status).toBe(0);
  });
});
