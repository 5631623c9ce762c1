import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from members, made safe to render: a short list of formatting tags, links only to
 * http(s) and mailto, no scripts, styles, event handlers or javascript: URLs.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'hr'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }) },
  }).trim();
}

/** The plain text of an HTML fragment (for search and previews). */
export function htmlToText(html: string): string {
  // block ends and line breaks separate words once the tags are gone
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote|tr|td)>|<br\s*\/?>|<hr\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}
