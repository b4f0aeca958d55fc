/** Text for a description: whitespace folded, cut at a word to at most `max` characters with '…'. */
export function summary(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}
