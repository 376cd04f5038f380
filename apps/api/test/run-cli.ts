import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../src/paths';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script of src/cli as an operator does (node with tsx, from the repository root) and keeps what it printed. */
export function runCliScript(
  script: string,
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<CliRun> {
  return new Promise<CliRun>((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${script}`, ...args], {
      cwd: REPO_ROOT,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}
