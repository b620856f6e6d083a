import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScale, startLocalStack, type LocalStack, type StackScale } from './index';

/**
 * `npm start`'s last step: runs the stack until Ctrl-C (or SIGTERM), then stops every member.
 * Prints only what a user needs: the URL, the admin login, and where the logs are.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
const port = Number(process.env.PORT ?? 8080);
// `npm run dev` sets STACK_MODE=dev: services from source with restarts, front ends from rspack dev servers.
const watchSources = process.env.STACK_MODE === 'dev';
const devRemoteMap = {
  mfe_seller: 'http://localhost:3001/mf-manifest.json',
  mfe_dealer: 'http://localhost:3002/mf-manifest.json',
  mfe_admin: 'http://localhost:3003/mf-manifest.json',
};

let scale: StackScale;
try {
  scale = parseScale(process.env.SCALE);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

console.log('Starting CarDirect...');
let stack: LocalStack;
try {
  stack = await startLocalStack({ repoRoot, dataDir, port, watchSources, remoteMap: watchSources ? devRemoteMap : undefined, scale });
} catch (error) {
  console.error(`CarDirect could not start: ${(error as Error).message}`);
  console.error(`Logs: ${path.join(dataDir, 'logs')}`);
  process.exit(1);
}

console.log(`
CarDirect is running: ${watchSources ? `http://localhost:3000 (rspack dev servers; gateway on http://localhost:${stack.port})` : stack.url}
Admin login:          ${stack.admin.email} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD from your environment)' : stack.admin.password}
${stack.mail ? `E-mails sent:         ${stack.url}/dev/mail\n` : ''}Logs:                 ${stack.logDir}
${scaledTopology(stack)}Press Ctrl-C to stop.`);

/** With SCALE, where the load balancer listens and each instance; nothing when every member runs once. */
function scaledTopology({ scale: counts, loadBalancer, instances }: LocalStack): string {
  if (Object.values(counts).every((count) => count === 1)) return '';
  const lines = instances().map(({ name, index, url, pid }) => `  ${`${name} ${index}`.padEnd(12)} ${url.padEnd(24)} pid ${pid ?? '-'}`);
  const entry = loadBalancer
    ? `Load balancer:        HAProxy on ${loadBalancer.host}:${loadBalancer.port}, round robin over ${counts.gateway} gateways (config ${loadBalancer.configFile})\n`
    : '';
  return `${entry}Instances:\n${lines.join('\n')}\n`;
}

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping CarDirect...`);
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('Ctrl-C'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
