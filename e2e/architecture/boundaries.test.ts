// The architecture's boundaries are kept by the linter (eslint.config.js): each case lints one
// line of source as if it were written in a file of the repository, and expects the rule's error
// (or none, for the imports the boundaries allow).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths';

const eslint = new ESLint({ cwd: repoRoot });

/** The boundary errors of `source` written in the repository's file `file`. */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('boundaries the linter keeps', () => {
  it.each([
    ['the shell imports a remote', 'shell/src/app/anything.ts', "import DashboardScreen from '../../../mfe-dealer/src/exposes/dealer-dashboard-screen';", /The shell loads remotes at run time/],
    ['the shell imports a remote by its package name', 'shell/src/app/anything.ts', "import DashboardScreen from '@cardirect/mfe-dealer/src/exposes/dealer-dashboard-screen';", /The shell loads remotes at run time/],
    ['a remote imports another remote', 'mfe-seller/src/app/anything.ts', "import { AdminDashboard } from '../../../mfe-admin/src/app/dashboard/components/admin-dashboard';", /A remote imports no other front end/],
    ['a feature imports another feature', 'mfe-dealer/src/features/dashboard/components/anything.tsx', "import { OfferPanel } from '../../offers/components/offer-panel';", /A feature may not import another feature/],
    ['a service imports another service', 'services/vehicle/src/domain/anything.ts', "import { startAuthService } from '../../../auth/src/auth-service';", /A service imports no other service/],
    ['a service imports another service by its package name', 'services/gateway/src/http/anything.ts', "import { startAuthService } from '@cardirect/auth';", /A service imports no other service/],
    ['a domain imports a data-access model', 'services/vehicle/src/domain/anything.ts', "import { vehicleModel } from '../data-access/vehicle-model';", /never with a data-access model/],
    ['a domain imports mongoose', 'services/auth/src/domain/anything.ts', "import { Types } from 'mongoose';", /mongoose stays in data-access/],
    ['a library imports a service', 'libs/web/src/anything.ts', "import { startVehicleService } from '../../../services/vehicle/src/vehicle-service';", /A library imports no service/],
  ])('When %s, then lint fails', async (_case, file, source, error) => {
    expect(await boundaryErrors(file, source)).toEqual([expect.stringMatching(error)]);
  });

  it.each([
    ['a feature imports the remote\'s shared parts', 'mfe-dealer/src/features/dashboard/components/anything.tsx', "import { OwnOfferLine } from '../../../components/own-offer-line';"],
    ['the app layer composes features', 'mfe-admin/src/app/dashboard/components/anything.tsx', "import { DealersTab } from '../../../features/dealers/components/dealers-tab';"],
    ['a domain imports its repository', 'services/auth/src/domain/anything.ts', "import type { AccountRepository } from '../data-access/account-repository';"],
    ['a front end imports a library', 'shell/src/app/anything.ts', "import { paths } from '@cardirect/web';"],
  ])('When %s, then lint passes', async (_case, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
