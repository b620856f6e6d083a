// One rspack + Module Federation configuration for every front end (the shell and each remote).
// An app's rspack.config.ts only states what is its own: its federation name, its dev port and
// either the screens it exposes (a remote) or the dev remote map it reads (the shell).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import CompressionPlugin from 'compression-webpack-plugin';
import type { FirstCalls } from '@cardirect/contracts';

/** Libraries that must exist once per page: one React, one router, one query cache, one auth store, one toast queue. */
const sharedSingletons = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  'zustand',
  'wouter',
  '@cardirect/web',
  '@cardirect/web/query',
  '@cardirect/ui',
  '@cardirect/ui/tabs',
  '@cardirect/ui/dialog',
  '@cardirect/ui/toaster',
] as const;

/**
 * The singletons the shell's own first render needs, bundled into its main.js (eager) rather than
 * each fetched as a chunk of its own once the federation runtime has set up sharing: on every page
 * load that waterfall came before the remote screen could load. Every remote screen needs them all;
 * the landing page now also fetches react-query's code (6.9 KB), which it does not run. The dealer
 * dashboard's cards reach the document about 80 ms sooner, its first screen is painted about 36 ms
 * sooner (docs/performance.md). A remote still takes them from the shell's copy, and the rest
 * (dialogs, tabs, toasts) stay chunks loaded when first used.
 */
const shellStartupLibraries = new Set<string>(['react', 'react-dom', '@tanstack/react-query', 'zustand', 'wouter', '@cardirect/web', '@cardirect/web/query', '@cardirect/ui']);

/**
 * A singleton every front end shares, refused when the page's copy does not satisfy the version
 * this build needs (strictVersion): the remote's screen then fails to load and the shell shows its
 * Retry fallback, instead of running against a React or a query cache it was not built for.
 * npm libraries need what the front end's package.json asks for (rspack reads the range from
 * there); our own libraries need their package version up to the next minor (`^0.1.0`), so a
 * breaking change to @cardirect/web or @cardirect/ui is shipped with a version bump.
 */
function sharedSingleton(library: string, appRoot: string, isHost: boolean) {
  const eager = isHost && shellStartupLibraries.has(library);
  const workspaceLibrary = /^@cardirect\/([^/]+)/.exec(library)?.[1];
  if (!workspaceLibrary) return { singleton: true, strictVersion: true, eager };
  const { version } = JSON.parse(readFileSync(path.join(appRoot, '..', 'libs', workspaceLibrary, 'package.json'), 'utf8')) as { version: string };
  return { singleton: true, strictVersion: true, eager, version, requiredVersion: `^${version}` };
}

/** A production build's .br (quality 11) and .gz (level 9) copies of its text assets above 1 KB. */
function compressedCopies() {
  const textAssets = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: textAssets, threshold: 1024, minRatio: 0.9 }),
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: textAssets, threshold: 1024, minRatio: 0.9, compressionOptions: { level: 9 } }),
  ];
}

interface FederatedAppOptions {
  /** Module Federation name, e.g. `mfe_seller`; also the chunk-loading namespace. */
  name: string;
  /** Port of `rspack serve` when the app runs on its own. */
  devPort: number;
  /** Remotes only: exposed module name → file, e.g. `{ './SubmitVehicleScreen': './src/exposes/submit-vehicle-screen.ts' }`. */
  exposes?: Record<string, string>;
  /** Remotes only: the calls its screens make first, published in its manifest for the shell (FirstCall in @cardirect/contracts). */
  firstCalls?: FirstCalls;
  /** Host only: the remote map the dev server answers at /config/remotes.json (the gateway does in production). */
  devRemoteMap?: Record<string, string>;
}

/** The gateway the dev servers send API calls to. */
const devGateway = 'http://localhost:8080';

/** `mfe_seller` → `Seller`. */
function remoteLabel(name: string): string {
  const remote = name.replace(/^mfe_/, '');
  return remote.charAt(0).toUpperCase() + remote.slice(1);
}

export function federatedApp({ name, devPort, exposes, firstCalls, devRemoteMap }: FederatedAppOptions): Configuration {
  const root = process.cwd();
  const production = process.env.NODE_ENV !== 'development' && !process.argv.includes('serve');
  const isHost = exposes === undefined;
  const hashed = production ? '.[contenthash:8]' : '';

  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(root, 'dist'),
      // The host's HTML is served for every deep link (/dealer/login), so its assets need an
      // absolute base. A deployed remote can live on any origin and path, so it finds its own at
      // run time; on its dev server it is also opened at deep links, hence its own origin there.
      publicPath: isHost ? '/' : production ? 'auto' : `http://localhost:${devPort}/`,
      uniqueName: name,
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace libraries are compiled from their TypeScript source ("source" export condition).
      conditionNames: ['source', 'browser', 'import', 'module', production ? 'production' : 'development', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: !production } },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } } }],
          type: 'css/auto',
        },
      ],
    },
    plugins: [
      // `npm run dev`: edits to a component swap it in place, keeping its state (HMR).
      production ? null : new ReactRefreshRspackPlugin(),
      new rspack.HtmlRspackPlugin(
        isHost
          ? {
              template: './src/index.html',
              inject: 'body',
              // The public address social cards link to (og:url, og:image); set PUBLIC_URL when deploying.
              templateParameters: { publicUrl: (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '') },
            }
          : {
              // A remote's page is only its development app (the shell renders its screens in production).
              template: path.join(root, '..', 'tools', 'rspack', 'remote-index.html'),
              inject: 'body',
              templateParameters: { title: `CarDirect ${remoteLabel(name)} screens (development)` },
            },
      ),
      isHost ? new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }) : null,
      // Brotli and gzip copies beside each text asset, made once here rather than per request: the
      // gateway (and any CDN or nginx with gzip_static/brotli_static) sends the one a browser accepts.
      ...(production ? compressedCopies() : []),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // The host learns its remotes at run time from /config/remotes.json, never at build time.
        remotes: {},
        shared: Object.fromEntries(sharedSingletons.map((library) => [library, sharedSingleton(library, root, isHost)])),
        // The shell provides every shared singleton before any remote loads, so a screen takes the
        // copy already loaded; the default ('version-first') would also download and run the entry
        // of every other remote on each page load, only to compare versions.
        shareStrategy: 'loaded-first',
        // The manifest's metaData copies the stats'; the remote's first calls travel there.
        manifest: firstCalls
          ? {
              additionalData: ({ stats }) => {
                Object.assign(stats.metaData, { firstCalls });
                return stats;
              },
            }
          : true,
        dts: false,
        // One federation runtime per page: the shell's, which remotes use instead of bundling their
        // own (about 28 KB gzip less for each remote's first screen). A remote running on its own
        // (`nx serve`, development) keeps its own runtime.
        experiments: production ? (isHost ? { provideExternalRuntime: true } : { externalRuntime: true }) : undefined,
      }),
    ],
    performance: { hints: false },
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: true,
      // The shell on :3000 loads each remote's files from its own dev server.
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The API, the inbox and the queue dashboard come from the gateway on :8080 (`npm run dev`,
      // or `npm start`). A remote on its own (`nx serve`) is another origin than the site's, so
      // its proxy presents requests as coming from the site, whose origin the gateway's
      // cross-site check expects (PUBLIC_URL; `npm start`'s own address when it is not set).
      proxy: [
        {
          context: ['/api', '/dev', '/admin/queues'],
          target: devGateway,
          headers: isHost ? undefined : { origin: process.env.PUBLIC_URL ?? devGateway },
        },
      ],
      static: isHost ? { directory: path.join(root, 'public') } : false,
      setupMiddlewares: (middlewares) =>
        devRemoteMap
          ? [
              {
                name: 'dev-remote-map',
                path: '/config/remotes.json',
                middleware: (_request: IncomingMessage, response: ServerResponse) => {
                  response.setHeader('Content-Type', 'application/json');
                  response.end(JSON.stringify(devRemoteMap));
                },
              },
              ...middlewares,
            ]
          : middlewares,
    },
  };
}
