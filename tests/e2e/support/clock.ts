/**
 * The home page's bill starts on today's date, so a test that clicks a session "later today" needs
 * one that really is today in the cinema's time zone, whatever the hour the suite runs at.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, cinemaNow, fromCinemaTime } from '@kino/backend/contract';

/** The browser suite runs in well under this; starting later than this before midnight, it waits. */
const SUITE_MINUTES = 8;

const secondsLeftToday = () =>
  (fromCinemaTime(`${addDays(cinemaNow().slice(0, 10), 1)} 00:00`).getTime() - Date.now()) / 1000;

/** globalSetup of the e2e project: in the last minutes of the cinema's day, wait for the next one. */
export default async function waitForRoomInTheDay() {
  const left = secondsLeftToday();
  if (left < SUITE_MINUTES * 60) {
    console.log(`browser tests: ${Math.round(left)} s to the cinema's midnight; waiting for the new day`);
    await sleep((left + 5) * 1000);
  }
}

/** Minutes from now to a session start later today: `preferred`, or less when midnight is nearer. */
export function minutesLaterToday(preferred: number): number {
  const minutes = Math.min(preferred, Math.floor(secondsLeftToday() / 60) - 1);
  if (minutes < 2) throw new Error('Too close to the cinema’s midnight for a session later today');
  return minutes;
}
