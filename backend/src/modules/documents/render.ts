/**
 * A document's markdown → HTML, on the server (docs/architecture.md, "The public and its data"). Raw HTML in
 * the text is escaped, not passed through, and links keep to http(s), mail and the site's own paths, so what
 * the admin writes can never become script on a viewer's page; the page inserts the result as it is.
 */
import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
// markdown-it already refuses javascript:, vbscript:, file: and most data: links; this narrows it to what a
// legal text needs.
const validateLink = markdown.validateLink.bind(markdown);
markdown.validateLink = (url) => validateLink(url) && SAFE_LINK.test(url.trim());

// Links to other sites open apart from the document and pass no referrer.
const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  if (/^https?:/i.test(href)) {
    tokens[idx]!.attrSet('target', '_blank');
    tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen ? defaultLinkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

// The page's own <h1> is the document's title: the text's headings sit one level below it.
markdown.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
  return self.renderToken(tokens, idx, options);
};
markdown.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
  return self.renderToken(tokens, idx, options);
};

export const renderDocument = (body: string): string => markdown.render(body);

/** SHA-256 of a document's text, hex: what a consent record names. */
export const textHash = (body: string): string => createHash('sha256').update(body, 'utf8').digest('hex');
