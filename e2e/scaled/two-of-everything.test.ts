// Issue 35: the end-to-end story and the API suites again, on two gateways behind HAProxy and two
// of every service, with one stack for the whole run (vitest.scaled.config.ts sets its scale;
// each suite's startStack() gets the shared one). Suites that stop members or start a stack of
// their own (the fault suites) are not here: they test one instance's outage.
import { afterAll } from 'vitest';
import { stopSharedStack } from '../support/stack';
import '../browser/story.test';
import '../api/accounts-flow.test';
import '../api/authorization-matrix.test';
import '../api/emails-accounts.test';
import '../api/emails-fixes.test';
import '../api/emails-vehicles.test';
import '../api/fuzz-routes.test';
import '../api/hostile-input.test';

afterAll(stopSharedStack);
