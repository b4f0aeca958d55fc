import { describe, expect, it } from 'vitest';
import { ACCESS, can, menuFor } from './access';
import { API } from './api';

/**
 * docs/product.md §2, "Menus by role" (home = the dashboard, 'Главная'), with Kino's prices and promo codes,
 * reports, the subtitles report, the till and shifts, the cinema's documents and settings after SPEC's items.
 */
const SPEC_MENUS = {
  admin: [
    'users',
    'tickets',
    'films',
    'persons',
    'genres',
    'halls',
    'news',
    'reviews',
    'schedule',
    'stock',
    'countries',
    'prices',
    'promo',
    'reports',
    'subtitles',
    'till',
    'shifts',
    'documents',
    'settings',
    'home',
  ],
  'content-manager': ['films', 'persons', 'genres', 'news', 'countries', 'home'],
  manager: [
    'films',
    'tickets',
    'halls',
    'schedule',
    'prices',
    'promo',
    'reports',
    'subtitles',
    'till',
    'shifts',
    'home',
  ],
  cashier: ['tickets', 'till', 'shifts', 'home'],
} as const;

describe('the access table', () => {
  it("derives each staff role's menu as SPEC lists it, in SPEC's order, Kino's additions last", () => {
    for (const [role, menu] of Object.entries(SPEC_MENUS)) {
      const derived = menuFor(role as keyof typeof SPEC_MENUS).map((item) =>
        item.resource === 'dashboard' ? 'home' : item.resource,
      );
      expect(derived, role).toEqual(menu);
    }
  });

  it('gives a customer and a guest no menu and no right', () => {
    expect(menuFor('customer')).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
    for (const endpoint of Object.values(API)) {
      if (endpoint.access.kind !== 'staff') continue;
      expect(can('customer', endpoint.access.resource, endpoint.access.action)).toBe(false);
      expect(can(undefined, endpoint.access.resource, endpoint.access.action)).toBe(false);
    }
  });

  it('gives every staff role the dashboard, and every staff endpoint to at least one role', () => {
    for (const role of Object.keys(ACCESS) as (keyof typeof ACCESS)[])
      expect(can(role, 'dashboard', 'read')).toBe(true);
    for (const [key, endpoint] of Object.entries(API)) {
      if (endpoint.access.kind !== 'staff') continue;
      const { resource, action } = endpoint.access;
      const roles = (Object.keys(ACCESS) as (keyof typeof ACCESS)[]).filter((role) => can(role, resource, action));
      expect(roles.length, key).toBeGreaterThan(0);
    }
  });
});
