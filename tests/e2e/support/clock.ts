/**
 * The home page's bill starts on today's date, so a test that clicks a session "later today" needs
 * one that really is today in the cinema's time zone, whatever the hour the suite runs at.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { cinemaNow } from '@kino/backend/contract';

const secondsLeftToday = () => {
  const [h, m, s] = cinemaNow().slice(11, 19).split(':').map(Number);
  return 24 * 3600 - (h! * 3600 + m! * 60 + s!);
};

/**
 * Minutes from now to a session start later today: `preferred`, or less when midnight is nearer
 * (at least a minute ahead). Within two minutes of midnight it first waits for the new day.
 */
export async function minutesLaterToday(preferred: number): Promise<number> {
  let left = secondsLeftToday();
  if (left < 120) {
    await sleep((left + 5) * 1000);
    left = secondsLeftToday();
  }
  return Math.min(preferred, Math.floor(left / 60) - 1);
}
