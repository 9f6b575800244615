/** Where toasts wait for the next document (lib/toast.ts); alone so the marketing pages' first script can look. */
export const TOAST_STASH_KEY = 'cn_toasts';
