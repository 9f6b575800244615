import { paths } from '@client/config/paths';

/**
 * Only same-site paths are followed, so a crafted `?redirect=` cannot send a visitor elsewhere:
 * '//host' and '/\host' are protocol-relative to browsers, and control characters are stripped by the
 * URL parser (so '/\t/host' would become '//host').
 */
export function safeRedirect(value: string | null | undefined, fallback = paths.home.getHref()): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return fallback;
  // Backslashes too: browsers read them as slashes.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
