import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Thumbnail } from './picture';

describe('a table thumbnail', () => {
  it('is drawn at its own small size, loads lazily and is named', () => {
    const html = renderToStaticMarkup(<Thumbnail src="persons/1.jpg" alt="Аркадий Белов" width={48} height={72} />);
    expect(html).toContain('alt="Аркадий Белов"');
    expect(html).toContain('loading="lazy"');
    // Fixed in CSS pixels, so the cell cannot stretch it to the column's width.
    expect(html).toMatch(/style="width:48px;height:72px"/);
  });

  it('keeps the same size as a named placeholder when there is no picture', () => {
    const html = renderToStaticMarkup(<Thumbnail src={null} alt="Аркадий Белов" width={48} height={72} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Аркадий Белов"');
    expect(html).toMatch(/width:48px;height:72px/);
  });
});
