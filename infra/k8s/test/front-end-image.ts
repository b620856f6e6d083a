import { readFileSync } from 'node:fs';
import path from 'node:path';
import { k8sDir } from './manifests';
import { parseNginx, type NginxDirective } from './routing';

export const frontEndDockerfile = readFileSync(path.join(k8sDir, 'frontend.Dockerfile'), 'utf8');
export const nginxConfig: NginxDirective[] = parseNginx(readFileSync(path.join(k8sDir, 'frontend-nginx.conf'), 'utf8'));

/**
 * Where frontend.Dockerfile puts an app's dist/ under the web root, read from its `case "$APP"`
 * (e.g. `mfe-seller|mfe-dealer|mfe-admin) dest="/out/remotes/${APP#mfe-}"`): `/` for the shell,
 * `/remotes/seller/` for mfe-seller.
 */
export function urlPrefixOf(app: string): string {
  const arms = [...frontEndDockerfile.matchAll(/^\s*([a-z|*-]+)\)\s*dest="?([^";\s]+)"?\s*;;/gm)];
  const arm = arms.find(([, patterns]) => patterns.split('|').includes(app));
  if (!arm) throw new Error(`frontend.Dockerfile has no case for APP=${app}`);
  const dest = arm[2].replaceAll('${APP#mfe-}', app.replace(/^mfe-/, '')).replaceAll('${APP}', app).replaceAll('$APP', app);
  const [webRoot] = [...frontEndDockerfile.matchAll(/^COPY --from=build (\S+) (\S+)$/gm)].map(([, from]) => from);
  if (!webRoot || !dest.startsWith(webRoot)) throw new Error(`frontend.Dockerfile: ${dest} is not under the copied folder ${webRoot}`);
  return `${dest.slice(webRoot.length)}/`.replace(/^\/*/, '/').replace(/\/+$/, '/');
}

/** The URL paths of the files an app's image serves (its dist/ files under its prefix). */
export function servedFiles(app: string, distFiles: string[]): Set<string> {
  const prefix = urlPrefixOf(app);
  return new Set(distFiles.map((file) => `${prefix}${file}`));
}

/** The `root` of nginx's server: it must be where the Dockerfile copies the files to. */
export function nginxRoot(): string | undefined {
  const http = nginxConfig.find((directive) => directive.name === 'http');
  const server = http?.block?.find((directive) => directive.name === 'server');
  return server?.block?.find((directive) => directive.name === 'root')?.args[0];
}
