/** Runs the real entry point (scripts/start.ts) as a child process, as an operator would. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '@kino/backend/config';

export interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const tempDirs: string[] = [];

export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-system-'));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function startProcess(script: string, env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, script)], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * until()'s last two arguments for a started process: on timeout, or at once if the process exits,
 * the failure carries the process's output so far. `await until(ready, 60_000, ...whileRunning(started))`.
 */
export function whileRunning(started: Started): [() => string, () => string | undefined] {
  return [
    () => `timed out; output so far:\n${started.output()}`,
    () => (started.child.exitCode !== null ? `process exited early:\n${started.output()}` : undefined),
  ];
}
