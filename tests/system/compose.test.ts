import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '@kino/backend/config';
import { startTestApi, type TestApi } from '@kino/backend/testing/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
const SECRET = { APP_SECRET: 'x'.repeat(32) };
const compose = (env: Record<string, string>, ...args: string[]) =>
  spawnSync('docker-compose', args, { cwd: ROOT_DIR, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
const resolved = (env: Record<string, string> = {}) =>
  execFileSync('docker-compose', ['config'], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', ...SECRET, ...env },
    encoding: 'utf8',
  });
/** One service's block of `docker-compose config`. */
const block = (config: string, name: string) =>
  config.split(/\n {2}(?=\S)/).find((b) => b.startsWith(`${name}:`)) ?? '';

// docker-compose (apt package) validates the file without a Docker engine; .ci/run installs it.
describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('is valid with APP_SECRET set', () => {
    const result = compose(SECRET, 'config', '-q');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to run without APP_SECRET', () => {
    const result = compose({}, 'config', '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set APP_SECRET');
  });

  it('has the six services, 3 API and 2 worker processes, and api and workers publish no host port', () => {
    const config = resolved();
    const services = compose(SECRET, 'config', '--services').stdout.trim().split('\n').sort();
    expect(services).toEqual(['api', 'migrate', 'postgres', 'redis', 'web', 'workers']);
    expect(block(config, 'api')).not.toMatch(/ports:/);
    expect(block(config, 'workers')).not.toMatch(/ports:/);
    expect(block(config, 'api')).toMatch(/SERVICES: api/);
    expect(block(config, 'workers')).toMatch(/SERVICES: workers/);
    // Read by docker compose and podman-compose 1.0 alike (which ignores --scale).
    expect(block(config, 'api')).toMatch(/deploy:\n\s+replicas: 3\n/);
    expect(block(config, 'workers')).toMatch(/deploy:\n\s+replicas: 2\n/);
  });

  it('migrates once before api and workers start, and starts web once an API process is ready', () => {
    const config = resolved();
    expect(block(config, 'migrate')).toMatch(/- node\n\s+- scripts\/dist\/migrate\.js/);
    expect(block(config, 'migrate')).toMatch(/restart: ["']no["']/);
    for (const name of ['api', 'workers']) {
      expect(block(config, name)).toMatch(/migrate:\n\s+condition: service_completed_successfully/);
      // Longer than the drain (SHUTDOWN_TIMEOUT_SECONDS), so Docker does not kill a draining process.
      expect(block(config, name)).toMatch(/stop_grace_period: 40s/);
    }
    expect(block(config, 'api')).toContain('/api/health/ready');
    expect(block(config, 'web')).toMatch(/api:\n\s+condition: service_healthy/);
  });

  it('runs migrate, api and workers on a read-only root, writing to their data volume and /tmp only', () => {
    const config = resolved();
    for (const name of ['migrate', 'api', 'workers']) {
      expect(block(config, name), name).toMatch(/read_only: true/);
      expect(block(config, name), name).toMatch(/tmpfs:\n\s+- \/tmp/);
      expect(block(config, name), name).toMatch(/storage:\/data/);
    }
  });

  it('runs Redis with an append-only file on a volume, so queued jobs survive a restart', () => {
    const redis = block(resolved(), 'redis');
    expect(redis).toMatch(/- --appendonly\n\s+- ["']yes["']/);
    expect(redis).toMatch(/redisdata:\/data/);
  });

  it('passes every setting of the env file (KINO_ENV_FILE) to migrate, api, workers and web', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-env-'));
    const file = path.join(dir, 'kino.env');
    fs.writeFileSync(
      file,
      'PUBLIC_URL=https://kino.example.ru\nCINEMA_TIMEZONE=Europe/Kaliningrad\nSMTP_URL=smtp://mail:25\n',
    );
    try {
      const config = resolved({ KINO_ENV_FILE: file });
      for (const name of ['migrate', 'api', 'workers', 'web']) {
        expect(block(config, name), name).toMatch(/CINEMA_TIMEZONE: Europe\/Kaliningrad/);
      }
      expect(block(config, 'api')).toMatch(/PUBLIC_URL: https:\/\/kino\.example\.ru/);
      expect(block(config, 'workers')).toMatch(/SMTP_URL: smtp:\/\/mail:25/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('trusts one proxy hop (nginx) by default', () => {
    expect(block(resolved(), 'api')).toMatch(/TRUST_PROXY: '1'/);
  });
});

describe("README's compose instructions", () => {
  const section = fs
    .readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8')
    .split(/\n## Scaling with docker compose\n/)[1];
  const readme = (/```sh\n([\s\S]*?)```/.exec(section ?? '')?.[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, ''))
    .filter((line) => line && !line.startsWith('#'));
  const podman = readme.filter((line) => line.startsWith('podman-compose '));
  const docker = readme.filter((line) => line.startsWith('docker compose '));

  it('are the commands npm run test:containers runs, with podman (its project named kino)', () => {
    const script = fs.readFileSync(path.join(ROOT_DIR, 'scripts', 'containers', 'test.sh'), 'utf8');
    const run = script
      .split('\n')
      .filter((line) => /^(export APP_SECRET=|(\w+="[^"]*" )*podman-compose .* (build|up) )/.test(line))
      .map((line) =>
        line
          .replace(/^(\w+="[^"]*" )+/, '')
          .replace(/ >.*$/, '')
          .replaceAll('"$project"', 'kino'),
      );
    expect(run).toHaveLength(3);
    expect(readme.filter((line) => !line.startsWith('docker '))).toEqual(run);
  });

  it('name the same with Docker, side by side', () => {
    expect(podman).toHaveLength(2);
    expect(docker).toEqual(
      podman.map((line) =>
        line.replace('podman-compose ', 'docker compose ').replace(" --podman-build-args='--format docker'", ''),
      ),
    );
  });
});

describe('the production image (Dockerfile)', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8');
  const stage = (name: string) => dockerfile.split(/\nFROM /).find((s) => s.includes(` AS ${name}\n`)) ?? '';

  it('runs compiled JavaScript on Node 24 as the unprivileged node user, with a liveness HEALTHCHECK', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24-/);
    // The app's base is the same image unless a smaller one is named (scripts/containers/compose.local.yml).
    expect(dockerfile).toMatch(/ARG NODE_RUNTIME_IMAGE=\$\{NODE_IMAGE\}/);
    const app = stage('app');
    expect(app).toMatch(/^\$\{NODE_RUNTIME_IMAGE\} AS app/);
    expect(app).toMatch(/\nUSER node\n/);
    expect(app).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/api\/health\/live/);
    expect(app).toContain('CMD ["node", "scripts/dist/start.js"]');
    expect(app).not.toMatch(/tsx/);
  });

  it('ships production dependencies only', () => {
    expect(stage('prod-deps')).toMatch(/npm ci --omit=dev --workspace backend --workspace workers/);
    expect(stage('app')).toMatch(/COPY --from=prod-deps \/app\/node_modules node_modules/);
    expect(stage('app')).not.toMatch(/COPY --from=(deps|build) \/app\/node_modules/);
  });
});

describe('nginx (docker/nginx.conf)', () => {
  const conf = fs.readFileSync(path.join(ROOT_DIR, 'docker', 'nginx.conf'), 'utf8');
  const snippet = fs.readFileSync(path.join(ROOT_DIR, 'docker', 'security-headers.conf'), 'utf8');
  const location = (prefix: string) => conf.split(/\n {2}location /).find((l) => l.startsWith(`${prefix} {`)) ?? '';

  describe('its upstream settings, written at start (docker/nginx-upstream.envsh)', () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-start-'));
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    /** The script's exports, sourced as the image's entry point does, with a stand-in nginx and resolv.conf. */
    const settings = (version: string, resolvConf = 'nameserver 127.0.0.11\n') => {
      fs.writeFileSync(path.join(root, 'nginx'), `#!/bin/sh\necho "nginx version: nginx/${version}" >&2\n`, {
        mode: 0o755,
      });
      fs.writeFileSync(path.join(root, 'resolv.conf'), resolvConf);
      const script = fs
        .readFileSync(path.join(ROOT_DIR, 'docker', 'nginx-upstream.envsh'), 'utf8')
        .replaceAll('/etc/resolv.conf', path.join(root, 'resolv.conf'));
      const [resolver, resolve] = execFileSync(
        'sh',
        ['-c', `${script}\nprintf '%s|%s' "$NGINX_UPSTREAM_RESOLVER" "$NGINX_UPSTREAM_RESOLVE"`],
        // No address watcher (an older nginx's, in the background).
        { env: { PATH: `${root}:${process.env.PATH ?? ''}`, NGINX_UPSTREAM_WATCH_SECONDS: '0' }, encoding: 'utf8' },
      ).split('|');
      return { resolver, resolve };
    };

    it('re-resolves the api service where nginx can (1.27.3 on), and resolves it once at start on an older one', () => {
      expect(conf.match(/server api:3000 \$\{NGINX_UPSTREAM_RESOLVE\};/g)).toHaveLength(2);
      expect(settings('1.22.1').resolve).toBe('');
      expect(settings('1.27.2').resolve).toBe('');
      expect(settings('1.27.3').resolve).toBe('resolve');
      expect(settings('1.28.0').resolve).toBe('resolve');
      expect(settings('2.0.0').resolve).toBe('resolve');
    });

    it("asks the container's first name server (Docker's, podman's), not a fixed address", () => {
      expect(conf).toMatch(/^resolver \$\{NGINX_UPSTREAM_RESOLVER\} /m);
      expect(conf).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
      expect(settings('1.27.3').resolver).toBe('127.0.0.11');
      const podman = 'search dns.podman\nnameserver 10.89.1.1\nnameserver 10.255.255.53\n';
      expect(settings('1.22.1', podman).resolver).toBe('10.89.1.1');
      expect(settings('1.27.3', 'nameserver fd00::1\n').resolver).toBe('[fd00::1]');
    });
  });

  it('forwards the client headers on /socket.io/ too', () => {
    for (const header of ['Host', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Request-Id']) {
      expect(location('/socket.io/'), header).toMatch(new RegExp(`proxy_set_header ${header} `));
    }
  });

  it('sends the security headers on every page and asset it serves from disk', () => {
    for (const prefix of ['/', '/assets/']) {
      expect(location(prefix)).toContain('include /etc/nginx/snippets/security-headers.conf;');
    }
  });

  describe('compared with the API', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi();
    });
    afterAll(() => t.close());

    it('sends the same security headers as the API, and HSTS only over TLS', async () => {
      const res = await t.fetch('/api/health/live');
      const headers = [...snippet.matchAll(/^add_header ([\w-]+) (?:"([^"]*)"|(\$\w+)) always;$/gm)];
      expect(headers.length).toBeGreaterThan(5);
      for (const [, name, value, variable] of headers) {
        if (variable) continue;
        expect(res.headers.get(name!), name).toBe(value);
      }
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(conf).toMatch(/map \$forwarded_proto \$hsts \{\n\s+https 'max-age=31536000; includeSubDomains';/);
    });
  });
});
