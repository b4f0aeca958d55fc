/**
 * The order in which `vitest run` hands files to its workers: within each round (`sequence.groupOrder`),
 * the longest files first, whatever their project, so the round's workers end together instead of one
 * browser file running alone at the end (longest-processing-time-first scheduling).
 *
 * A file's length is what vitest measured on this machine's last run (its results cache), else the
 * figure below, measured on a fresh clone on the two-core CI machine, else a browser file's typical
 * length. Vitest's own order (by project name, then size) breaks ties.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds, `bash .ci/run` on a fresh clone, 2026-11-29 (files of 15 s and more). */
const MEASURED: Record<string, number> = {
  'tests/e2e/back-office.test.ts': 111,
  'tests/e2e/accessibility.test.ts': 108,
  'tests/e2e/staff-at-1366.test.ts': 70,
  'tests/e2e/seats.test.ts': 62,
  'backend/src/modules/fuzz.test.ts': 48,
  'tests/e2e/tickets.test.ts': 43,
  'tests/e2e/till.test.ts': 41,
  'tests/e2e/public-site.test.ts': 39,
  'tests/e2e/privacy.test.ts': 38,
  'tests/e2e/plans-admin.test.ts': 32,
  'tests/e2e/accounts.test.ts': 28,
  'tests/e2e/prices.test.ts': 26,
  'tests/e2e/settings.test.ts': 26,
  'backend/src/modules/access-matrix.test.ts': 23,
  'tests/e2e/reports.test.ts': 23,
  'tests/e2e/film-admin.test.ts': 22,
  'backend/src/modules/orders/payment-lifecycle.test.ts': 22,
  'tests/e2e/shifts.test.ts': 21,
};
const BROWSER_FILE_SECONDS = 15;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached) return cached.duration / 1000;
      return MEASURED[file] ?? (spec.project.name === 'e2e' ? BROWSER_FILE_SECONDS : 0);
    };
    const round = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return vitestOrder
      .map((spec, index) => ({ spec, index, seconds: seconds(spec) }))
      .sort((a, b) => round(a.spec) - round(b.spec) || b.seconds - a.seconds || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
