import { describe, expect, it } from 'vitest';
import { addBlock, moveBlock, newsFormData, removeBlock, type DraftBlock } from './blocks';

const draft = (): DraftBlock[] => {
  let blocks: DraftBlock[] = [];
  blocks = addBlock(blocks, 'title', 1);
  blocks = addBlock(blocks, 'text', 2);
  blocks = addBlock(blocks, 'image', 3);
  return blocks;
};

describe('news blocks', () => {
  it('moves a block up or down, and not past either end', () => {
    expect(moveBlock(draft(), 2, -1).map((b) => b.key)).toEqual([1, 3, 2]);
    expect(moveBlock(draft(), 0, 1).map((b) => b.key)).toEqual([2, 1, 3]);
    expect(moveBlock(draft(), 0, -1).map((b) => b.key)).toEqual([1, 2, 3]);
    expect(moveBlock(draft(), 2, 1).map((b) => b.key)).toEqual([1, 2, 3]);
  });

  it('sends the blocks numbered from 1 in the order they stand, after a removal too', () => {
    const blocks = removeBlock(moveBlock(draft(), 1, -1), 1).map((b, i) => ({ ...b, text: `t${i}` }));
    const form = newsFormData('Заголовок', new File(['x'], 'main.png'), blocks);
    expect([...form.entries()].filter(([k]) => k.startsWith('blocks')).map(([k, v]) => [k, String(v)])).toEqual([
      ['blocks[0][type]', 'text'],
      ['blocks[0][item_order]', '1'],
      ['blocks[0][content]', 't0'],
      ['blocks[1][type]', 'image'],
      ['blocks[1][item_order]', '2'],
    ]);
  });
});
