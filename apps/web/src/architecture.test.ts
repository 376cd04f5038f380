import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BOUNDARY_RULE = 'import-x/no-restricted-paths';

/** The boundary rule's reports for `code` as if it were the file at `filePath` (from the repository root). */
async function boundaryReports(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPOSITORY_ROOT });
  const [result] = await eslint.lintText(code, { filePath: resolve(REPOSITORY_ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === BOUNDARY_RULE)
    .map((message) => message.message);
}

describe('web boundaries are enforced by lint', () => {
  it('reports a feature importing another feature', async () => {
    const reports = await boundaryReports(
      "import { chatQueryKeys } from '../chat/chat-api';\nexport const keys = chatQueryKeys;\n",
      'apps/web/src/features/accounts/boundary-probe.ts',
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/A feature imports no other feature/);
  });

  it('reports components/ importing a feature', async () => {
    const reports = await boundaryReports(
      "import { chatQueryKeys } from '../../features/chat/chat-api';\nexport const keys = chatQueryKeys;\n",
      'apps/web/src/components/ui/boundary-probe.ts',
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/components\/ and lib\/ import no feature/);
  });

  it('accepts a feature importing its own files, components/ and lib/', async () => {
    const reports = await boundaryReports(
      [
        "import { Button } from '../../components/ui/button';",
        "import { formatMoney } from '../../lib/format';",
        "import { chatQueryKeys } from './chat-api';",
        'export const used = [Button, formatMoney, chatQueryKeys];',
        '',
      ].join('\n'),
      'apps/web/src/features/chat/boundary-probe.ts',
    );
    expect(reports).toEqual([]);
  });
});
