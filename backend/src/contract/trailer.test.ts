import { describe, expect, it } from 'vitest';
import { trailerEmbed } from './trailer';

describe('trailerEmbed', () => {
  it.each([
    'https://www.youtube.com/watch?v=n9xhJrPXop4',
    'https://youtube.com/watch?feature=share&v=n9xhJrPXop4',
    'https://m.youtube.com/watch?v=n9xhJrPXop4&t=10s',
    'https://youtu.be/n9xhJrPXop4',
    'https://youtu.be/n9xhJrPXop4?si=abc',
    'https://www.youtube.com/embed/n9xhJrPXop4',
    'https://www.youtube.com/shorts/n9xhJrPXop4',
  ])('takes the 11-character id from %s', (link) => {
    expect(trailerEmbed(link)).toEqual({
      host: 'youtube',
      id: 'n9xhJrPXop4',
      src: 'https://www.youtube-nocookie.com/embed/n9xhJrPXop4',
    });
  });

  it.each([
    'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
    'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/?r=wd',
    'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4',
  ])('takes the video id from the Russian host link %s', (link) => {
    expect(trailerEmbed(link)).toEqual({
      host: 'rutube',
      id: 'c6cc4d620b1d4338901770a44b3e82f4',
      src: 'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4',
    });
  });

  it.each([
    null,
    '',
    'not a link',
    'https://vimeo.com/76979871',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=n9xhJrPXop4x',
    'https://youtube.com.evil.example/watch?v=n9xhJrPXop4',
    'https://rutube.ru/video/abc/',
    'javascript:alert(1)//youtu.be/n9xhJrPXop4',
  ])('embeds nothing for %s', (link) => {
    expect(trailerEmbed(link)).toBeNull();
  });
});
