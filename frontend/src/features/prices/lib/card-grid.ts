/**
 * A price card as its editor shows it: a grid of zone × ticket type cells of typed text. The adult
 * column is each zone's price; any other cell, when filled, is that type's own price in that zone
 * instead of its rule. Empty cells are not sent.
 */
import { ADULT_TICKET_TYPE, type PriceCard, type PriceCardBody, type TicketType } from '@kino/backend/contract';
import { numberOf, numberText } from '../../../shared/lib/number-text';

/** 'zone/type' → the text typed. */
export type CardGrid = Record<string, string>;

export const cellKey = (zone: string, type: string) => `${zone}/${type}`;

export const gridOf = (card: Pick<PriceCard, 'prices'> | undefined): CardGrid =>
  Object.fromEntries((card?.prices ?? []).map((p) => [cellKey(p.zone, p.ticket_type), numberText(p.price)]));

/** The body's prices, and which cell each entry came from (to put a message back beside its cell). */
export function pricesOf(grid: CardGrid): { prices: PriceCardBody['prices']; cells: string[] } {
  const cells = Object.keys(grid).filter((key) => grid[key]!.trim() !== '');
  return {
    cells,
    prices: cells.map((key) => {
      const [zone, ticket_type] = key.split('/') as [string, string];
      return { zone, ticket_type, price: numberOf(grid[key]) };
    }),
  };
}

/** What a type costs in a zone by its rule when its cell is empty (roubles), for the cell's hint. */
export function rulePrice(adult: number, type: Pick<TicketType, 'code' | 'rule' | 'value'>): number | undefined {
  if (!Number.isFinite(adult) || adult <= 0) return undefined;
  switch (type.rule) {
    case 'full':
      return adult;
    case 'percent':
      return (Math.round(adult * 100) - Math.round((Math.round(adult * 100) * type.value) / 100)) / 100;
    case 'fixed':
      return Math.min(type.value, adult);
  }
}

/**
 * Field errors (the contract's or the server's, by path 'prices.3.price') moved onto the grid's
 * cells; the rest stays keyed as it was ('name', 'prices').
 */
export function cellErrors(errors: Record<string, string>, cells: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^prices\.(\d+)/.exec(path);
    const cell = match ? cells[Number(match[1])] : undefined;
    out[cell ?? path] ??= message;
  }
  return out;
}

export const ADULT = ADULT_TICKET_TYPE;
