import { describe, expect, it } from 'vitest';
import { API, ENDPOINT_GROUPS } from './api';

describe('the API map', () => {
  it('declares every key once across the domain files', () => {
    const keys = ENDPOINT_GROUPS.flatMap((group) => Object.keys(group));
    const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(twice).toEqual([]);
    expect(Object.keys(API)).toHaveLength(keys.length);
  });

  it('names every path parameter of a key in its params schema', () => {
    for (const [key, endpoint] of Object.entries(API)) {
      const names = [...key.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = 'params' in endpoint ? Object.keys((endpoint.params as { shape: object }).shape) : [];
      expect(declared.sort(), key).toEqual(names.sort());
    }
  });
});
