import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const repoRoot = import.meta.dirname;
const remotes = ['mfe-seller', 'mfe-dealer', 'mfe-admin'];
const services = ['auth', 'dealer', 'gateway', 'notifier', 'vehicle'];

/** The folders directly inside `folder` (relative to the repository), none when it does not exist. */
function foldersIn(folder) {
  const absolute = path.join(repoRoot, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** A feature of a front end imports no other feature's internals: what two share lives in the app's shared folders or a lib. */
function featureZones(app) {
  return foldersIn(`${app}/src/features`).map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message: 'A feature may not import another feature: move what both need to the app\'s shared folders or a lib.',
  }));
}

/**
 * The architecture's boundaries (STYLE.md, "Boundaries, kept by the linter"), on resolved paths:
 * app → features → shared in each front end; the shell imports no remote and a remote no other
 * front end; a service imports no other service; libraries import no service and no infrastructure.
 */
const boundaryZones = [
  { target: './shell', from: remotes.map((remote) => `./${remote}`), message: 'The shell loads remotes at run time (Module Federation), never imports them.' },
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: ['./shell', ...remotes.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: 'A remote imports no other front end: what two show lives in a lib.',
  })),
  ...['shell', ...remotes].flatMap(featureZones),
  ...services.map((service) => ({
    target: `./services/${service}`,
    from: services.filter((other) => other !== service).map((other) => `./services/${other}`),
    message: 'A service imports no other service: it calls its internal API or keeps a copy fed by events.',
  })),
  ...services.map((service) => ({
    target: `./services/${service}/src/domain`,
    from: `./services/${service}/src/data-access/*-model.ts`,
    message: 'The domain works with repositories and plain types, never with a data-access model (mongoose).',
  })),
  {
    target: './libs',
    from: ['./services', './infra'],
    message: 'A library imports no service and no infrastructure.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.cache/**', '**/.data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(repoRoot, 'tsconfig.base.json'), conditionNames: ['source', 'import', 'types', 'default'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: boundaryZones }] },
  },
  {
    // Test support may cross a boundary to start what it tests beside (a library's tests a service, say).
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-support/**', '**/testing.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // The domain speaks in plain types: no mongoose, no MongoDB driver.
    files: ['services/*/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'mongoose', message: 'The domain works with plain types; mongoose stays in data-access.' }, { name: 'mongodb', message: 'The domain works with plain types; the driver stays in data-access.' }] },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The front ends' test support (stubbed fetch, fixtures) must never reach a screen.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.ts', '**/setup-tests.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@cardirect/web/testing', message: 'Test support is for tests only.' }] }] },
  },
);
