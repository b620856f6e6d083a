import { vitestConfig } from '../tools/vitest.base';

export default vitestConfig({ environment: 'jsdom', setupFiles: ['./src/setup-tests.ts'] });
