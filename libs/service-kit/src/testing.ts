// Build entry for the "./testing" subpath export (the build bundles src/<entry>.ts).
export * from './testing/index';
