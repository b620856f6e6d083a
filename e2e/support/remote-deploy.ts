// Shipping one remote on its own, as a team does: build it alone, publish the build where the
// shell's remote map points (its hashed assets first, then its manifest and entry), roll back by
// publishing the previous manifest and entry again. docs/deploying.md tells the same story.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths';

const run = promisify(execFile);

/** The files a browser must ask for again on every load; everything else carries a content hash. */
export const entryFiles = ['mf-manifest.json', 'remoteEntry.js'] as const;

export interface SourceEdit {
  /** The source file, relative to the remote's folder (e.g. `src/exposes/admin-login-screen.tsx`). */
  file: string;
  search: string;
  replace: string;
}

/**
 * Builds one remote (e.g. `mfe-admin`) alone into `outDir`, with the production configuration of
 * tools/rspack/federated-app.ts and the given edits to its source (the team's change), without
 * touching the working tree or the remote's own dist/. No source maps: they are not what is tested,
 * and the build is faster without.
 */
export async function buildRemote(remote: string, outDir: string, edits: readonly SourceEdit[]): Promise<void> {
  const remoteDir = path.join(repoRoot, remote);
  const workDir = fs.mkdtempSync(path.join(path.dirname(outDir), 'build-config-'));
  const loader = path.join(workDir, 'edit-source-loader.cjs');
  fs.writeFileSync(
    loader,
    `module.exports = function (source) {
  for (const { search, replace } of this.getOptions().edits) {
    if (!source.includes(search)) throw new Error('edit-source-loader: ' + JSON.stringify(search) + ' not found in ' + this.resourcePath);
    source = source.replace(search, replace);
  }
  return source;
};
`,
  );
  const rules = edits.map((edit) => ({
    test: path.join(remoteDir, edit.file),
    loader,
    options: { edits: edits.filter((other) => other.file === edit.file) },
  }));
  const config = path.join(workDir, 'rspack.config.ts');
  fs.writeFileSync(
    config,
    `import base from ${JSON.stringify(path.join(remoteDir, 'rspack.config.ts'))};
const rules = ${JSON.stringify(rules)};
export default {
  ...base,
  devtool: false,
  output: { ...base.output, path: ${JSON.stringify(outDir)} },
  module: { ...base.module, rules: [...base.module.rules, ...rules] },
};
`,
  );
  try {
    await run(path.join(repoRoot, 'node_modules', '.bin', 'rspack'), ['build', '-c', config], { cwd: remoteDir, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`building ${remote} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`, { cause: error });
  }
}

/**
 * Publishes a build into the folder a remote is served from: first every hashed asset (pages
 * still running the previous build keep finding theirs, which are never removed here), then the
 * manifest and the entry, each written beside and renamed into place so no browser reads half a file.
 */
export function publish(buildDir: string, servedDir: string): void {
  fs.mkdirSync(servedDir, { recursive: true });
  for (const file of fs.readdirSync(buildDir)) {
    if ((entryFiles as readonly string[]).includes(file)) continue;
    fs.copyFileSync(path.join(buildDir, file), path.join(servedDir, file));
  }
  for (const file of entryFiles) {
    const next = path.join(servedDir, `.${file}.next`);
    fs.copyFileSync(path.join(buildDir, file), next);
    fs.renameSync(next, path.join(servedDir, file));
  }
}

const contentTypes: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html' };

/**
 * A remote's own host (another origin, as in infra/k8s), with the gateway's cache rules: the
 * manifest and entry are revalidated on every load, hashed assets are kept for a year. Records
 * every file asked for.
 */
export async function serveRemote(root: string): Promise<{ url: string; requested: string[]; stop(): Promise<void> }> {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const name = path.basename(decodeURIComponent(new URL(request.url ?? '/', 'http://remote').pathname));
    const file = path.join(root, name);
    requested.push(name);
    response.setHeader('access-control-allow-origin', '*');
    if (!name || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void response.writeHead(404).end();
    const isEntry = (entryFiles as readonly string[]).includes(name);
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': isEntry ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    response.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A copy of a build as if it had been built against another version of a shared library (e.g.
 * React 18): wherever its entry consumes `library` it asks the page for `requiredVersion`, and its
 * manifest says so.
 */
export function builtAgainst(buildDir: string, outDir: string, library: string, requiredVersion: string): void {
  fs.cpSync(buildDir, outDir, { recursive: true });
  const entryFile = path.join(outDir, 'remoteEntry.js');
  const entry = fs.readFileSync(entryFile, 'utf8');
  const requirement = new RegExp(`(shareKey:"${library.replace(/[/.]/g, '\\$&')}",import:"[^"]+",requiredVersion:)"[^"]*"`, 'g');
  if (!requirement.test(entry)) throw new Error(`${entryFile} does not consume ${library}`);
  fs.writeFileSync(entryFile, entry.replace(requirement, `$1${JSON.stringify(requiredVersion)}`));
  const manifestFile = path.join(outDir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared: Array<{ name: string; requiredVersion: string | null }> };
  for (const shared of manifest.shared) if (shared.name === library) shared.requiredVersion = requiredVersion;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}
