// Builds a Node package (library, service or CLI) with esbuild: each entry in src/ that a
// package declares is bundled with its workspace libraries (read from source through the
// "source" export condition); npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const entryNames = pkg.cardirect?.entries ?? ['index'];
const entryPoints = Object.fromEntries(
  entryNames.map((name) => [name, path.join('src', `${name}.ts`)]),
);
// npm packages (anything imported by bare name that is not ours) load from node_modules.
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cardirect/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  conditions: ['source'],
  plugins: [externalNpmPackages],
  // A bundled ESM file still needs require() for the CommonJS packages it imports.
  banner: { js: "import { createRequire as __cdCreateRequire } from 'node:module'; const require = __cdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
