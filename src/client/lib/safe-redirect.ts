import { LOCAL_PATH, paths } from '@client/config/paths';

/**
 * Only same-site paths are followed, so a crafted `?redirect=` cannot send a visitor elsewhere (the rule
 * is LOCAL_PATH's); any other value gives way to `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback = paths.home.getHref()): string {
  return value && LOCAL_PATH.test(value) ? value : fallback;
}
