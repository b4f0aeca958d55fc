/**
 * axe-core (Deque's accessibility engine, the one Lighthouse runs) on the page as it stands: WCAG 2.2
 * A and AA rules and axe's best practices (landmarks, headings). Injected through the DevTools protocol,
 * which the page's Content-Security-Policy does not govern.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Each violation as "rule: what is wrong — the elements' selectors", for a readable failure. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const results = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: object,
            ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>;
          };
        }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  return results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
