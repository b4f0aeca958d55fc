/** Weekdays of a price rule as the contract keeps them: a bit mask, Monday = 1, Tuesday = 2 … Sunday = 64. */
export const WEEKDAYS = [
  { short: 'Пн', name: 'понедельник' },
  { short: 'Вт', name: 'вторник' },
  { short: 'Ср', name: 'среда' },
  { short: 'Чт', name: 'четверг' },
  { short: 'Пт', name: 'пятница' },
  { short: 'Сб', name: 'суббота' },
  { short: 'Вс', name: 'воскресенье' },
] as const;

export const ALL_DAYS = 127;
export const WORKDAYS = 31;
export const WEEKEND = 96;

export const hasDay = (mask: number, day: number) => (mask & (1 << day)) !== 0;
export const toggleDay = (mask: number, day: number) => mask ^ (1 << day);

/** 'Пн–Пт', 'Сб, Вс', 'Пн, Ср–Пт', 'Каждый день'. */
export function daysText(mask: number): string {
  if ((mask & ALL_DAYS) === ALL_DAYS) return 'Каждый день';
  const runs: [number, number][] = [];
  for (let day = 0; day < 7; day++) {
    if (!hasDay(mask, day)) continue;
    const last = runs.at(-1);
    if (last && last[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  if (runs.length === 0) return '—';
  return runs
    .map(([from, to]) =>
      from === to
        ? WEEKDAYS[from]!.short
        : to === from + 1
          ? `${WEEKDAYS[from]!.short}, ${WEEKDAYS[to]!.short}`
          : `${WEEKDAYS[from]!.short}–${WEEKDAYS[to]!.short}`,
    )
    .join(', ');
}
