import { useCinema } from '../cinema/use-cinema';

/** The cinema's mark and short name (the settings; the mark alone before they are saved). */
export function Logo({ className }: { className?: string }) {
  const name = useCinema()?.short_name;
  return (
    <span className={className}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path d="M16 5c4 3 6 8 6 13l-3 4h-6l-3-4c0-5 2-10 6-13z" fill="#fff" />
        <circle cx="16" cy="14" r="2.5" fill="var(--color-accent)" />
        <path d="M13 23l3 5 3-5z" fill="var(--color-warm)" />
      </svg>
      {name && <span>{name}</span>}
    </span>
  );
}
