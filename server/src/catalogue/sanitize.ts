// Stored HTML (descriptions, tracklists) passes through sanitize-html before it leaves the
// server: only simple text markup survives, links are http(s) and open safely.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ol', 'ul', 'li', 'strong', 'b', 'em', 'i', 'u', 'h3', 'h4', 'h5', 'blockquote', 'a', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeStoredHtml(html: string | null): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}
