import { formatDayMonth } from '../../../shared/lib/format';

/** A promotion's period: 'с 1 декабря по 31 января'. */
export const formatPeriod = (start: string, end: string): string =>
  `с ${formatDayMonth(start)} по ${formatDayMonth(end)}`;
