/**
 * `npm test`: every check and every suite, as CI runs them (.ci/run).
 *
 *   npm test                     lint, typecheck and the front end's build side by side, then `vitest run`
 *   npm run typecheck            the three TypeScript programs side by side
 *
 * The checks are independent, so they share the cores instead of waiting for each other; vitest.config.ts
 * says which suites run side by side. At the end each step's time is printed; with KINO_TIMES set to a
 * file, the times are appended there too ("name<TAB>seconds" lines), for .ci/run's table.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'node_modules', '.cache', 'kino-test', 'vitest-report.json');

interface Step {
  name: string;
  command: string[];
}

/** Three programs: the server (backend and workers, tsconfig.json), the tests with the scripts, the front end. */
const TYPECHECK: Step[] = [
  ['server', '.'],
  ['tests and scripts', 'tests'],
  ['frontend', 'frontend'],
].map(([name, project]) => ({ name: `typecheck ${name}`, command: ['npx', 'tsc', '-p', project!] }));
const LINT: Step[] = [
  { name: 'lint eslint', command: ['npx', 'eslint', '.'] },
  { name: 'lint prettier', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
];
const BUILD: Step = { name: 'build', command: ['npm', 'run', 'build', '-w', 'frontend', '--silent'] };

const times: [string, number][] = [];

/** Runs a command with its output kept aside (printed only if it fails); resolves to whether it passed. */
function runQuietly(step: Step): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command!, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      times.push([step.name, seconds]);
      console.log(`${code === 0 ? '✓' : '✗'} ${step.name} (${seconds.toFixed(0)} s)`);
      if (code !== 0) process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** The steps, at most `parallel` at a time, in the order given (longest first keeps the cores busy). */
async function runAll(steps: Step[], parallel: number): Promise<boolean> {
  const queue = [...steps];
  let ok = true;
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) ok = (await runQuietly(step)) && ok;
  };
  await Promise.all(Array.from({ length: Math.min(parallel, steps.length) }, lane));
  return ok;
}

/** `vitest run` with its usual output, and each project's time from its JSON report. */
async function vitest(): Promise<boolean> {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) =>
    spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`], {
      cwd: ROOT,
      stdio: 'inherit',
    }).on('close', resolve),
  );
  times.push(['vitest run (all projects)', (performance.now() - started) / 1000]);
  if (fs.existsSync(REPORT)) {
    for (const [project, seconds] of projectTimes(JSON.parse(fs.readFileSync(REPORT, 'utf8')) as VitestReport)) {
      times.push([`  vitest ${project} (first file start to last file end)`, seconds]);
    }
  }
  return code === 0;
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** The project a test file belongs to, by the folders vitest.config.ts includes. */
const projectOf = (file: string) => {
  const [top, second] = path.relative(ROOT, file).split(path.sep);
  return top === 'tests' ? second! : top!;
};

function projectTimes(report: VitestReport): [string, number][] {
  const spans = new Map<string, { start: number; end: number }>();
  for (const file of report.testResults) {
    const project = projectOf(file.name);
    const span = spans.get(project) ?? { start: file.startTime, end: file.endTime };
    spans.set(project, { start: Math.min(span.start, file.startTime), end: Math.max(span.end, file.endTime) });
  }
  return [...spans].map(([project, { start, end }]) => [project, (end - start) / 1000]);
}

function report() {
  console.log('\nTimes (s):');
  for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)}  ${name}`);
  const file = process.env.KINO_TIMES;
  if (file) fs.appendFileSync(file, times.map(([name, seconds]) => `${name.trim()}\t${seconds.toFixed(0)}\n`).join(''));
}

const parallel = Math.max(2, os.availableParallelism());
const only = process.argv[2];
let ok: boolean;
if (only === 'typecheck') {
  ok = await runAll(TYPECHECK, parallel);
} else {
  // Longest first: the server's and the tests' type checks and eslint take about a minute each, the rest less.
  const [server, tests, frontend] = TYPECHECK;
  const [eslint, prettier] = LINT;
  ok = await runAll([server!, eslint!, tests!, prettier!, frontend!, BUILD], parallel);
  if (ok) ok = await vitest();
  else console.log('\nThe checks failed; the suites were not run.');
}
report();
process.exit(ok ? 0 : 1);
