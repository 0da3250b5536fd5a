import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'name', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    font: ['color'],
    '*': ['dir', 'lang'],
  },
  // Inline images of the mail itself (cid:) and remote ones; never script-bearing schemes.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/** An e-mail's HTML made safe to show: no scripts, styles, forms, frames or event handlers. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
