import { useLocation } from 'react-router';

/** What a form that sent the user here said it did (`navigate(to, { state: { notice } })`), e.g. «Акция добавлена». */
export function useArrivalNotice(): string | undefined {
  const state: unknown = useLocation().state;
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : undefined;
}
