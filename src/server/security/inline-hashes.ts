import { createHash } from 'node:crypto';

/**
 * CSP sources (`'sha256-…'`) for the inline scripts, styles and style attributes of one HTML document.
 * React writes a few style attributes when it renders at build time (Radix's tabs on /auth: `outline:none`,
 * `animation-duration:0s`); the browser applies one only when its value's hash is allowed.
 */
export type InlineHashes = { scripts: string[]; styles: string[]; styleAttributes: string[] };

// A script or style element's body is raw text: it ends at the first closing tag, and no entity in it is
// decoded. A script with a src runs from its file ('self' allows it), whatever its body.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/gi;
const SRC = /\ssrc(?:\s*=|\s|$)/i;
// As React writes them: double-quoted, with &, <, >, " and ' escaped.
const STYLE_ATTRIBUTE = /<[a-z][^>]*?\sstyle="([^"]*)"/gi;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
/** An attribute's value as the browser reads it, which is what it hashes. */
const attributeValue = (raw: string) =>
  raw.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The hash of a body as the browser computes it: over its text once the parser has made every line end
 * LF. An empty body needs none (the browser runs or applies nothing, so it checks nothing).
 */
const sources = (bodies: string[]) => [
  ...new Set(
    bodies
      .filter((body) => body !== '')
      .map((body) => body.replace(/\r\n?/g, '\n'))
      .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`),
  ),
];

/** What a CSP must name for each inline script and style in `html` to run (docs/decisions/076-inline-scripts-by-hash.md). */
export function inlineHashes(html: string): InlineHashes {
  return {
    scripts: sources([...html.matchAll(SCRIPT)].filter((m) => !SRC.test(m[1] ?? '')).map((m) => m[2] ?? '')),
    styles: sources([...html.matchAll(STYLE)].map((m) => m[1] ?? '')),
    styleAttributes: sources([...html.matchAll(STYLE_ATTRIBUTE)].map((m) => attributeValue(m[1] ?? ''))),
  };
}
