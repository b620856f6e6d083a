// Builds the shell's page renderer (shell/src/server/render-page.tsx) for Node, into dist-server/:
// the shell and the remote screens the gateway renders on the server, bundled from source with the
// workspace libraries; npm packages (React, react-query, wouter...) stay external and load from
// node_modules, so the renderer and what it renders share one copy of each, as the browser's
// shared singletons do. Stylesheets are the browser's business: the page links them.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const serverRegistry = path.resolve('src/server/server-remote-registry.ts');

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cardirect/') ? undefined : { path: args.path, external: true }));
  },
};

// On the server a remote's screens are bundled: the registry that fetches them through Module
// Federation is replaced by one that imports them.
const bundledRemoteScreens = {
  name: 'bundled-remote-screens',
  setup(builder) {
    builder.onResolve({ filter: /\/remote-registry$/ }, (args) => (args.importer === serverRegistry ? undefined : { path: serverRegistry }));
  },
};

fs.rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: { 'render-page': 'src/server/render-page.tsx' },
  outdir: 'dist-server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: true,
  conditions: ['source'],
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [externalNpmPackages, bundledRemoteScreens],
  banner: { js: "import { createRequire as __cdCreateRequire } from 'node:module'; const require = __cdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
