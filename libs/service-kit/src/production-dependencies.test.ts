import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const services = ['auth', 'dealer', 'gateway', 'notifier', 'vehicle'];
/** What only tests and the local stack use: none of it may be installed with a service in production. */
const testTooling = ['testcontainers', '@testcontainers/mongodb', '@cardirect/mongo-embedded', 'smtp-server', 'mailparser', 'vitest', 'playwright-core', 'ical.js', 'pdf-parse'];

/** The packages `npm ci --omit=dev -w services/<name>` installs (the image's install, infra/compose/Dockerfile). */
function productionPackages(service: string): string[] {
  const output = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '-w', `services/${service}`], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^.*node_modules\//, ''));
}

describe('Production dependencies of the services', () => {
  it.each(services)('When the %s service is installed for production, then no test tooling comes with it', (service) => {
    const packages = productionPackages(service);

    expect(packages.length).toBeGreaterThan(20);
    expect(packages.filter((name) => testTooling.includes(name))).toEqual([]);
  }, 60_000);
});
