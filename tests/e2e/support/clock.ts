/**
 * The browser suite's "now", the same in the test process (the API, the database, the factories) and in
 * every page of Chromium, so that it runs at any hour.
 *
 * The home page's bill and the till start on today's date, so a test that clicks a session "later today"
 * needs one that really is today in the cinema's time zone. A test file that starts in the last minutes of
 * the cinema's day runs instead just after its midnight: its clock is the real one moved on a few minutes.
 * The API is then given that clock too (startSite), so the seat scripts in Redis use it rather than Redis's
 * own (lua/clock.lua). KINO_E2E_CLOCK_SHIFT_MINUTES moves it on by that many minutes at any hour, to run
 * the suite the way it runs near midnight.
 *
 * Installed before each browser test file by setup-clock.ts (vitest.config.ts, setupFiles).
 */
import { addDays, fromCinemaTime, toCinemaTime } from '@kino/backend/contract';

/** A browser test file runs in well under this; starting later than this before midnight, it moves on. */
const FILE_MINUTES = 20;
/** Where a moved clock lands: this long after the cinema's midnight. */
const AFTER_MIDNIGHT_MS = 5 * 60_000;

/** Where the real `Date` is kept once shifted (a worker process may run several files). */
const REAL_DATE_KEY = 'kino.e2e.realDate';

/** Milliseconds from `now` to the cinema's next midnight. */
const msLeftToday = (now: number) =>
  fromCinemaTime(`${addDays(toCinemaTime(new Date(now)).slice(0, 10), 1)} 00:00`).getTime() - now;

function clockShiftMs(): number {
  const forced = process.env.KINO_E2E_CLOCK_SHIFT_MINUTES;
  if (forced) return Number(forced) * 60_000;
  const realDate = (globalThis as unknown as Record<symbol, DateConstructor | undefined>)[Symbol.for(REAL_DATE_KEY)];
  const left = msLeftToday((realDate ?? Date).now());
  return left < FILE_MINUTES * 60_000 ? left + AFTER_MIDNIGHT_MS : 0;
}

/** How far this file's clock is ahead of the real one (0 on most runs). */
export const CLOCK_SHIFT_MS = clockShiftMs();

/**
 * Makes `Date` run `shiftMs` ahead (or puts the real one back). Plain JavaScript, the same text in this
 * process and, before their own scripts, in the pages (browser.ts).
 */
const SHIFT_DATE = `
  const key = Symbol.for(realDateKey);
  const Real = (globalThis[key] ??= globalThis.Date);
  if (!shiftMs) {
    globalThis.Date = Real;
    return;
  }
  function Shifted(...args) {
    if (!new.target) return new Real(Real.now() + shiftMs).toString();
    return args.length === 0 ? new Real(Real.now() + shiftMs) : new Real(...args);
  }
  Shifted.prototype = Real.prototype;
  Object.assign(Shifted, { now: () => Real.now() + shiftMs, parse: Real.parse, UTC: Real.UTC });
  globalThis.Date = Shifted;
`;

/** In this process: the file's clock. */
export const installClock = () =>
  (new Function('shiftMs', 'realDateKey', SHIFT_DATE) as (shiftMs: number, realDateKey: string) => void)(
    CLOCK_SHIFT_MS,
    REAL_DATE_KEY,
  );

/** For a page (`page.evaluateOnNewDocument`): the file's clock. */
export const clockScript = () =>
  `((shiftMs, realDateKey) => {${SHIFT_DATE}})(${CLOCK_SHIFT_MS}, ${JSON.stringify(REAL_DATE_KEY)});`;

/** Minutes from now to a session start later today: `preferred`, or less when midnight is nearer. */
export function minutesLaterToday(preferred: number): number {
  const minutes = Math.min(preferred, Math.floor(msLeftToday(Date.now()) / 60_000) - 1);
  if (minutes < 2) throw new Error('Too close to the cinema’s midnight for a session later today');
  return minutes;
}
