/**
 * The layers of backend/src (docs/architecture.md, "Layers"), kept by one lint rule, `kino/layers`:
 * - an import never runs up: a folder imports only its own layer and the layers below;
 * - folders of one layer (two modules, effects and realtime) import each other without a cycle;
 * - the workers (on top) reach a module only through its facade, `modules/<m>/index.ts`.
 * Tests and test support (`*.test.ts`, testing/, `test-support.ts`) may import anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(ROOT, 'backend/src');
const WORKERS = path.join(ROOT, 'workers/src');

/**
 * Bottom to top. A name is a folder (or a file without `.ts`) under backend/src; `modules/*` is each
 * module, `rules/*` each module's lifecycle.ts and state.ts (its state machine, which other modules ask),
 * `modules` the files that compose them (modules/index.ts: the routes; modules/duties.ts).
 */
export const LAYERS = [
  ['contract'],
  ['config', 'lib/infra'],
  ['lib/http', 'lib/documents'],
  ['db'],
  ['queues', 'payments', 'fiscal', 'pushka'],
  ['context'],
  ['metrics', 'effects', 'realtime'],
  ['rules/*'],
  ['modules/*'],
  ['web', 'seed', 'emulators'],
  ['modules', 'app', 'server', 'bootstrap'],
  ['workers'],
];

/** The folder a file belongs to: `modules/orders`, `lib/http`, `effects`, `context`, `workers`. */
export function folderOf(file) {
  if (file.startsWith(WORKERS + path.sep)) return 'workers';
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === '..') return null;
  if (rel.length === 1) return rel[0].replace(/\.tsx?$/, '');
  // A module's state machine and rules (lifecycle.ts, state.ts) sit below every module: the others ask them.
  if (rel[0] === 'modules' && rel.length === 3 && /^(lifecycle|state)\.ts$/.test(rel[2])) return `rules/${rel[1]}`;
  if (rel[0] === 'modules') return rel.length === 2 ? 'modules' : `modules/${rel[1]}`;
  if (rel[0] === 'lib') return `lib/${rel[1].replace(/\.tsx?$/, '')}`;
  return rel[0];
}

export function layerOf(folder) {
  return LAYERS.findIndex((names) =>
    names.some((n) => n === folder || (n.endsWith('/*') && folder.startsWith(n.slice(0, -1)))),
  );
}

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) ||
  /(^|[/\\])test-support\.ts$/.test(file) ||
  file.startsWith(path.join(SRC, 'testing') + path.sep);

const BACKEND_EXPORTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'backend/package.json'), 'utf8')).exports;

function resolveFile(base) {
  for (const c of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The file an import names, if it is one of backend/src's or the workers'. */
export function resolveImport(spec, importer) {
  if (spec.startsWith('.')) return resolveFile(path.resolve(path.dirname(importer), spec));
  if (!spec.startsWith('@kino/backend/')) return null;
  const exact = BACKEND_EXPORTS[`./${spec.slice('@kino/backend/'.length)}`];
  if (exact) return path.join(ROOT, 'backend', exact);
  return resolveFile(path.join(SRC, spec.slice('@kino/backend/'.length)));
}

const IMPORTS = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(p, out);
    else if (/\.tsx?$/.test(entry.name) && !isTest(p)) out.push(p);
  }
  return out;
}

/** Which folder imports which (tests left out), read from the files; rebuilt when older than a few seconds. */
let graph = { at: 0, edges: new Map() };
function folderGraph() {
  if (Date.now() - graph.at < 5000) return graph.edges;
  const edges = new Map();
  for (const file of listFiles(SRC)) {
    const from = folderOf(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORTS)) {
      const target = resolveImport(m[1] ?? m[2], file);
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  graph = { at: Date.now(), edges };
  return edges;
}

/** A path of folders from `from` to `to` within one layer, if there is one. */
function pathWithin(edges, from, to, layer) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const next of edges.get(trail.at(-1)) ?? []) {
      if (next === to) return [...trail, next];
      if (!seen.has(next) && layerOf(next) === layer) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'backend/src imports run down the layers, without cycles; workers use module facades' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = folderOf(file);
    if (!from || isTest(file)) return {};
    const fromLayer = layerOf(from);
    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const target = resolveImport(spec, file);
      const to = target && folderOf(target);
      if (!to || to === from) return;
      const toLayer = layerOf(to);
      if (fromLayer < 0 || toLayer < 0) {
        context.report({ node, message: `Place "${fromLayer < 0 ? from : to}" in a layer (eslint.layers.js).` });
      } else if (toLayer > fromLayer) {
        context.report({
          node,
          message: `"${from}" imports "${to}", a layer above it (docs/architecture.md, "Layers"): pass it in, or move the code down.`,
        });
      } else if (toLayer === fromLayer) {
        const back = pathWithin(folderGraph(), to, from, toLayer);
        if (back) {
          context.report({
            node,
            message: `A cycle between folders: ${[from, ...back].join(' → ')}. One side imports the other, not both.`,
          });
        }
      }
      if (from === 'workers' && to.startsWith('modules/') && path.basename(target) !== 'index.ts') {
        context.report({ node, message: `Workers import a module through its facade: "@kino/backend/${to}".` });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const layersPlugin = { rules: { layers: layersRule } };
