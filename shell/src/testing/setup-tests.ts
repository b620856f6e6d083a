import { configure } from '@testing-library/react';

// Lazy pages and remotes are real dynamic imports; on a busy two-core machine the first one can
// take longer than Testing Library's default second to arrive.
configure({ asyncUtilTimeout: 5000 });
