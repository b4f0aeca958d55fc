#!/usr/bin/env node
// `npm run demo`: works on a fresh clone. Plain JavaScript on purpose: it runs before the
// dependencies (tsx, TypeScript) are installed. Installs what is missing, builds the site and the
// server when their sources changed, then hands over to the compiled demo.ts — the production build
// the containers run (npm run build:server), no TypeScript at run time — to migrate, seed, serve and
// print the logins.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under a path (files only), skipping node_modules and build output. */
function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || newest(path.join(root, 'package-lock.json')) > newest(installed)) {
  console.log('Installing dependencies (npm ci)...');
  run(npm, ['ci', '--no-audit', '--no-fund'], { PUPPETEER_SKIP_DOWNLOAD: 'true' });
}

// The site is the browser's bundle and the server render's: both built, or build again.
const builtAt = Math.min(
  newest(path.join(root, 'frontend', 'dist', 'index.html')),
  newest(path.join(root, 'frontend', 'dist-ssr', 'entry-server.js')),
);
const sources = Math.max(newest(path.join(root, 'frontend')), newest(path.join(root, 'backend', 'src', 'contract')));
if (builtAt < sources) {
  console.log('Building the site...');
  run(npm, ['run', 'build']);
}

// The server as the containers run it: compiled JavaScript (scripts/dist/demo.js and what it imports).
const serverBuiltAt = newest(path.join(root, 'scripts', 'dist', 'demo.js'));
const serverSources = Math.max(
  newest(path.join(root, 'backend', 'src')),
  newest(path.join(root, 'workers', 'src')),
  ...['start.ts', 'migrate.ts', 'seed.ts', 'demo.ts', 'build-server.ts'].map((name) =>
    newest(path.join(root, 'scripts', name)),
  ),
);
if (serverBuiltAt < serverSources) {
  console.log('Building the server...');
  run(npm, ['run', 'build:server']);
}

// Request logs stay quiet in the demo unless asked for (LOG_LEVEL=info). A SIGTERM or SIGINT sent to
// this process alone (kill, a process manager) is passed on, so the server drains and stops with it.
const server = spawn(process.execPath, [path.join(root, 'scripts', 'dist', 'demo.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
