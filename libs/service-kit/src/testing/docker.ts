import { existsSync } from 'node:fs';
import { request } from 'node:http';

let dockerAnswer: Promise<boolean> | undefined;

function pingDocker(): Promise<boolean> {
  const dockerHost = process.env.DOCKER_HOST;
  const socketPath = dockerHost?.startsWith('unix://') ? dockerHost.slice('unix://'.length) : dockerHost ? undefined : '/var/run/docker.sock';
  const tcpUrl = dockerHost && !dockerHost.startsWith('unix://') ? new URL(dockerHost.replace(/^tcp:/, 'http:')) : undefined;
  if (socketPath && !existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const ping = request(
      tcpUrl ? { host: tcpUrl.hostname, port: tcpUrl.port, path: '/_ping', timeout: 1_500 } : { socketPath, path: '/_ping', timeout: 1_500 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    ping.on('timeout', () => ping.destroy());
    ping.on('error', () => resolve(false));
    ping.end();
  });
}

/** Whether a Docker engine answers within ~1.5 s (asked once per process), so testcontainers can be used. */
export function dockerIsAvailable(): Promise<boolean> {
  dockerAnswer ??= pingDocker();
  return dockerAnswer;
}
