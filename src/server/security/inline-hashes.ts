import { createHash } from 'node:crypto';

/** CSP sources (`'sha256-…'`) for the inline scripts and styles of one HTML document. */
export type InlineHashes = { scripts: string[]; styles: string[] };

// A script or style element's body is raw text: it ends at the first closing tag, and no entity in it is
// decoded. A script with a src runs from its file ('self' allows it), whatever its body.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/gi;
const SRC = /\ssrc(?:\s*=|\s|$)/i;

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
  };
}
