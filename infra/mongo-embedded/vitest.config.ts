import { vitestConfig } from '../../tools/vitest.base';

export default vitestConfig({ testTimeout: 60_000 });
