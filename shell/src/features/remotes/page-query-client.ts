import { createQueryClient } from '@cardirect/web/query';

// One query cache for every remote screen (react-query is a shared singleton), created with the
// first screen that needs server data so that the landing page never downloads react-query.
export const pageQueryClient = createQueryClient();
