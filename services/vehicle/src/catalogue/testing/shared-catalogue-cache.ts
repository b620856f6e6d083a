import { fileURLToPath } from 'node:url';

/**
 * Preparing the catalogue file takes seconds, so every test file and the benchmark share this
 * one cache folder (services/vehicle/.cache/catalogue, ignored by git); the first to run prepares it.
 */
export const SHARED_CATALOGUE_CACHE_DIR = fileURLToPath(new URL('../../../.cache/catalogue', import.meta.url));
