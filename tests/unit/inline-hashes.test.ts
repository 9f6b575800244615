import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes } from '../../src/server/security/inline-hashes';

// The CSP lets an inline script or style run only if its body hashes to a source the header names
// (docs/decisions/076-inline-scripts-by-hash.md): the hash must be of the exact body the browser sees.
const sha256 = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe('inlineHashes', () => {
  it('hashes each inline script and style body exactly, whitespace and all; not an external script', () => {
    const script = '\n  window.__ctx = {"ssr":false,"name":"Zoë"};\n';
    const moduleScript = 'import "/assets/a.js";';
    const style = 'astro-island,astro-slot{display:contents}';
    const html = `<!doctype html><html><head>
<style>${style}</style>
<script type="module" src="/assets/entry.js"></script>
<script>${script}</script>
</head><body><SCRIPT type="module" data-src="x">${moduleScript}</SCRIPT></body></html>`;
    expect(inlineHashes(html)).toEqual({
      scripts: [sha256(script), sha256(moduleScript)],
      styles: [sha256(style)],
      styleAttributes: [],
    });
  });

  it('reads line ends as the browser does: CRLF and CR are LF before anything is hashed', () => {
    const html = '<script>a();\r\nb();\rc();</script>';
    expect(inlineHashes(html).scripts).toEqual([sha256('a();\nb();\nc();')]);
  });

  it('names a body used twice once, an empty one not at all, and nothing for a page with no inline code', () => {
    expect(inlineHashes('<script>x()</script><script>x()</script><style></style>')).toEqual({
      scripts: [sha256('x()')],
      styles: [],
      styleAttributes: [],
    });
    expect(inlineHashes('<!doctype html><title>T</title><script src="/a.js"></script>')).toEqual({
      scripts: [],
      styles: [],
      styleAttributes: [],
    });
  });

  it('hashes a style attribute by its value as the browser reads it, entities decoded', () => {
    const html =
      '<div role="tablist" style="outline:none"></div><p style="content:&quot;a&amp;b&quot;">x</p>';
    expect(inlineHashes(html).styleAttributes).toEqual([sha256('outline:none'), sha256('content:"a&b"')]);
  });
});
