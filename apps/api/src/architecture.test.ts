import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries are lint rules; these cases prove the rules still fire, so a config change that
// silently disables them fails here instead of letting the layers blur.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('API boundaries', () => {
  it('refuses a route that imports a repository', async () => {
    const problems = await problemsOf(
      "import { findOrder } from './orders.repository';\nexport const found = findOrder;\n",
      'apps/api/src/modules/orders/orders.routes.ts',
    );
    expect(problems).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
  });

  it("refuses a module that imports another module's repository or routes", async () => {
    const problems = await problemsOf(
      [
        "import { findOrder } from '../orders/orders.repository';",
        "import { ordersRoutes } from '../orders/orders.routes';",
        'export const used = [findOrder, ordersRoutes];',
        '',
      ].join('\n'),
      'apps/api/src/modules/reviews/reviews.service.ts',
    );
    expect(problems).toEqual([
      expect.stringContaining('import-x/no-restricted-paths'),
      expect.stringContaining('import-x/no-restricted-paths'),
    ]);
  });

  it('refuses Drizzle and the tables outside repositories', async () => {
    const problems = await problemsOf(
      [
        "import { eq } from 'drizzle-orm';",
        "import { users } from '../../db/schema/index';",
        'export const used = [eq, users];',
        '',
      ].join('\n'),
      'apps/api/src/modules/reviews/reviews.service.ts',
    );
    expect(problems).toEqual([
      expect.stringContaining('no-restricted-imports'),
      expect.stringContaining('no-restricted-imports'),
    ]);
  });

  it('refuses an import cycle', async () => {
    // reviews.service already imports orders.service, so this closes a loop.
    const problems = await problemsOf(
      "import { createReview } from '../reviews/reviews.service';\nexport const used = createReview;\n",
      'apps/api/src/modules/orders/orders.service.ts',
    );
    expect(problems).toEqual([expect.stringContaining('import-x/no-cycle')]);
  });

  it("allows a route to call its service and a module to call another module's service", async () => {
    expect(
      await problemsOf(
        "import { getOrder } from './orders.service';\nexport const used = getOrder;\n",
        'apps/api/src/modules/orders/orders.routes.ts',
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        "import { getOrder } from '../orders/orders.service';\nexport const used = getOrder;\n",
        'apps/api/src/modules/reviews/reviews.service.ts',
      ),
    ).toEqual([]);
  });

  it("refuses a module that imports another module's file that is not a service (an allow-list)", async () => {
    const problems = await problemsOf(
      [
        "import { createParticipants } from '../chat/participants';",
        "import { toOrderResponse } from '../orders/order-response';",
        'export const used = [createParticipants, toOrderResponse];',
        '',
      ].join('\n'),
      'apps/api/src/modules/offers/offers.service.ts',
    );
    expect(problems).toEqual([
      expect.stringContaining('import-x/no-restricted-paths'),
      expect.stringContaining('import-x/no-restricted-paths'),
    ]);
  });

  it('refuses a platform file that imports a module or a composition root', async () => {
    const problems = await problemsOf(
      [
        "import { getOrder } from '../../modules/orders/orders.service';",
        "import { jobTable } from '../../job-table';",
        'export const used = [getOrder, jobTable];',
        '',
      ].join('\n'),
      'apps/api/src/platform/realtime/realtime-bus.ts',
    );
    expect(problems).toEqual([
      expect.stringContaining('import-x/no-restricted-paths'),
      expect.stringContaining('import-x/no-restricted-paths'),
    ]);
    expect(
      await problemsOf(
        "import { getOrder } from '../modules/orders/orders.service';\nexport const used = getOrder;\n",
        'apps/api/src/db/database.ts',
      ),
    ).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
  });
});
