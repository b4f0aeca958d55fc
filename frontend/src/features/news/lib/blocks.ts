/**
 * The blocks of an article being written (SPEC, news create): added at the end, moved up or down,
 * removed; their order numbers are always 1, 2, 3… in the order they stand.
 */
import type { NewsBlockType } from '@kino/backend/contract';

export interface DraftBlock {
  /** Stable across moves (React's key). */
  key: number;
  type: NewsBlockType;
  /** A title's or a text's words. */
  text: string;
  /** An image block's picture. */
  file: File | null;
}

export const addBlock = (blocks: DraftBlock[], type: NewsBlockType, key: number): DraftBlock[] => [
  ...blocks,
  { key, type, text: '', file: null },
];

/** Moves block `index` one place up (-1) or down (+1); at either end nothing moves. */
export function moveBlock(blocks: DraftBlock[], index: number, by: -1 | 1): DraftBlock[] {
  const target = index + by;
  if (target < 0 || target >= blocks.length) return blocks;
  const next = [...blocks];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const removeBlock = (blocks: DraftBlock[], index: number): DraftBlock[] => blocks.filter((_, i) => i !== index);

export const updateBlock = (blocks: DraftBlock[], index: number, change: Partial<DraftBlock>): DraftBlock[] =>
  blocks.map((block, i) => (i === index ? { ...block, ...change } : block));

/** The multipart body of POST /api/news/create: each block's item_order is its place from 1. */
export function newsFormData(title: string, mainImage: File, blocks: DraftBlock[]): FormData {
  const form = new FormData();
  form.append('mainTitle', title);
  form.append('mainImage', mainImage);
  blocks.forEach((block, i) => {
    form.append(`blocks[${i}][type]`, block.type);
    form.append(`blocks[${i}][item_order]`, String(i + 1));
    if (block.type === 'image') {
      if (block.file) form.append(`blocks[${i}][content]`, block.file);
    } else form.append(`blocks[${i}][content]`, block.text);
  });
  return form;
}
