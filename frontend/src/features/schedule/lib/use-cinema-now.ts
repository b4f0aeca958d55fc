import { cinemaNow } from '@kino/backend/contract';
import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

/** The cinema's wall-clock time 'YYYY-MM-DD HH:mm:ss', kept current so sessions grey out as they start. */
export function useCinemaNow(): string {
  const [now, setNow] = useState(cinemaNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(cinemaNow()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
