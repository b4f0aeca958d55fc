/**
 * `npm run build:server`: the backend, the workers and the entry scripts compiled to plain
 * JavaScript for production (`node scripts/dist/start.js`, no tsx, no TypeScript at run time).
 *
 *   backend/src/**   → backend/dist/**   (same depth, so paths relative to a module still hold)
 *   workers/src/**   → workers/dist/**
 *   scripts/<entry>  → scripts/dist/<entry>.js
 *
 * The sources import without extensions and through the workspace packages (`@kino/backend/…`);
 * Node's ESM loader needs exact files. So every import that resolves to one of our own sources is
 * rewritten to the relative path of its compiled file, e.g. `./app` → `./app.js`,
 * `@kino/backend/config` → `../../backend/dist/config.js`. Non-TypeScript files the code reads
 * at run time (the Lua scripts) are copied beside it. Type errors stop the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY_SCRIPTS = ['start.ts', 'migrate.ts', 'seed.ts', 'payments-emulator.ts', 'register-emulator.ts', 'demo.ts'];
const ASSET_EXTENSIONS = ['.lua'];

/** Source root → output root. */
const TREES: [string, string][] = [
  [path.join(ROOT, 'backend', 'src'), path.join(ROOT, 'backend', 'dist')],
  [path.join(ROOT, 'workers', 'src'), path.join(ROOT, 'workers', 'dist')],
  [path.join(ROOT, 'scripts'), path.join(ROOT, 'scripts', 'dist')],
];

const isProductionSource = (file: string) =>
  file.endsWith('.ts') &&
  !file.endsWith('.d.ts') &&
  !file.endsWith('.test.ts') &&
  !file.includes(`${path.sep}testing${path.sep}`);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : walk(full);
    return [full];
  });
}

/** The compiled path of a source file, or undefined when it is not ours. */
function outputOf(source: string): string | undefined {
  for (const [src, out] of TREES) {
    if (source.startsWith(src + path.sep)) return path.join(out, path.relative(src, source)).replace(/\.ts$/, '.js');
  }
  return undefined;
}

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(ROOT, 'tsconfig.base.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const options: ts.CompilerOptions = {
  ...config.options,
  noEmit: false,
  outDir: path.join(ROOT, '.build-out'),
  rootDir: ROOT,
  sourceMap: false,
  declaration: false,
};

const roots = [
  ...walk(path.join(ROOT, 'backend', 'src')).filter(isProductionSource),
  ...walk(path.join(ROOT, 'workers', 'src')).filter(isProductionSource),
  ...ENTRY_SCRIPTS.map((name) => path.join(ROOT, 'scripts', name)),
];
const host = ts.createCompilerHost(options);
const program = ts.createProgram(roots, options, host);

const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}

/** Rewrites a module specifier that resolves to one of our sources into the compiled file's relative path. */
function rewrite(specifier: string, fromSource: string): string | undefined {
  const resolved = ts.resolveModuleName(specifier, fromSource, options, host).resolvedModule?.resolvedFileName;
  if (!resolved) return undefined;
  // Workspace packages are symlinks in node_modules: their real path is one of our trees; npm packages are not.
  const target = outputOf(fs.realpathSync(resolved));
  const from = outputOf(fromSource);
  if (!target || !from) return undefined;
  const relative = path.relative(path.dirname(from), target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const specifiers: ts.TransformerFactory<ts.SourceFile> = (context) => (file) => {
  const { factory } = context;
  const replaced = (node: ts.Expression): ts.StringLiteral | undefined => {
    if (!ts.isStringLiteral(node)) return undefined;
    const next = rewrite(node.text, file.fileName);
    return next ? factory.createStringLiteral(next) : undefined;
  };
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      const spec = replaced(node.moduleSpecifier);
      if (spec) return factory.updateImportDeclaration(node, node.modifiers, node.importClause, spec, node.attributes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const spec = replaced(node.moduleSpecifier);
      if (spec) {
        return factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          spec,
          node.attributes,
        );
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      const spec = replaced(node.arguments[0]);
      if (spec) return factory.updateCallExpression(node, node.expression, node.typeArguments, [spec]);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return ts.visitNode(file, visit) as ts.SourceFile;
};

for (const [, out] of TREES) fs.rmSync(out, { recursive: true, force: true });

let written = 0;
const result = program.emit(
  undefined,
  (fileName, text) => {
    // fileName is under .build-out/<path from ROOT>; map it back to its source, then to its place.
    const relative = path.relative(options.outDir!, fileName);
    const source = path.join(ROOT, relative.replace(/\.js$/, '.ts'));
    const target = outputOf(source);
    if (!target) return;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    written++;
  },
  undefined,
  false,
  { before: [specifiers] },
);
if (result.emitSkipped) {
  console.error(ts.formatDiagnosticsWithColorAndContext(result.diagnostics, host));
  process.exit(1);
}

let assets = 0;
for (const [src, out] of TREES.slice(0, 2)) {
  for (const file of walk(src).filter((f) => ASSET_EXTENSIONS.includes(path.extname(f)))) {
    const dest = path.join(out, path.relative(src, file));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(file, dest);
    assets++;
  }
}
process.stdout.write(
  `build:server: ${written} modules and ${assets} assets compiled to backend/dist, workers/dist, scripts/dist\n`,
);
