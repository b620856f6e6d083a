import { vitestConfig } from '../../tools/vitest.base';

// The test starts the whole back end once (MongoDB, Redis, five services) before its first case.
export default vitestConfig({ testTimeout: 60_000 });
