import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT_DIR } from '@kino/backend/config';
import { describe, expect, it } from 'vitest';

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
const compose = (env: Record<string, string>, ...args: string[]) =>
  spawnSync('docker-compose', args, { cwd: ROOT_DIR, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });

// docker-compose (apt package) validates the file without a Docker engine; .ci/run installs it.
describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('is valid with APP_SECRET set', () => {
    const result = compose({ APP_SECRET: 'x'.repeat(32) }, 'config', '-q');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to run without APP_SECRET', () => {
    const result = compose({}, 'config', '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set APP_SECRET');
  });

  it('has the five services, and api and workers publish no host port so they can be scaled', () => {
    const config = execFileSync('docker-compose', ['config'], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? '', APP_SECRET: 'x'.repeat(32) },
      encoding: 'utf8',
    });
    const services = compose({ APP_SECRET: 'x'.repeat(32) }, 'config', '--services')
      .stdout.trim()
      .split('\n')
      .sort();
    expect(services).toEqual(['api', 'postgres', 'redis', 'web', 'workers']);
    const block = (name: string) => config.split(/\n {2}(?=\S)/).find((b) => b.startsWith(`${name}:`)) ?? '';
    expect(block('api')).not.toMatch(/ports:/);
    expect(block('workers')).not.toMatch(/ports:/);
    expect(block('api')).toMatch(/SERVICES: api/);
    expect(block('workers')).toMatch(/SERVICES: workers/);
  });
});
