const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML (mail bodies built from names and titles). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
