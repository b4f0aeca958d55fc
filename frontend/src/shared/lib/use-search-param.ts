import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** One filter of a screen kept in the address (?name=…), so a reload or a shared link keeps it. */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const set = useCallback(
    (value: string) =>
      setSearch((params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      }),
    [name, setSearch],
  );
  return [search.get(name) ?? '', set];
}
