import MarkdownIt from 'markdown-it';

// Raw HTML in an agent's Markdown is shown as text, never passed through to the recipient.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** The text and HTML parts of an e-mail written in Markdown: the source reads well as plain text. */
export function markdownBody(content: string | null): { text: string; html: string } {
  const text = content ?? '';
  return { text, html: `<!doctype html><html><body>${markdown.render(text)}</body></html>` };
}
