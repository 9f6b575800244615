import type { PublicUser } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './api';
import { queryKeys } from './query-keys';

/** GET /api/config: read here only, once per page, whoever asks first. */
const getConfig = (signal?: AbortSignal) => answer(api.GET('/api/config', { signal }));

export const configQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.config, queryFn: ({ signal }) => getConfig(signal) });

/** Only a web address may become a link target (never, say, a javascript: URL). */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The note-writing app's address, or null. It only adds an optional link, so a failed load means
 * "no link", never an error on screen.
 */
function useNoteAppUrl(): string | null {
  const { data } = useQuery({ ...configQueryOptions(), select: (config) => webUrl(config.noteAppUrl) });
  return data ?? null;
}

/**
 * Where 'Open ChairNotes' goes for `user`: the note app, for a person it admits (their plan, or their
 * practice's, gives access), else null. The note app signs them in with their ChairNotes account
 * (OpenID Connect), so they arrive signed in. A person whose plan gives it but whose practice's policy
 * closes it for now (docs/decisions/092-a-practice-sign-in-policy.md) keeps the entry: the note app says
 * why, and where to enrol.
 */
export function useNoteAppHref(
  user: Pick<PublicUser, 'noteAppAccess' | 'noteAppBlockedReason'> | null | undefined,
): string | null {
  const noteAppUrl = useNoteAppUrl();
  return user?.noteAppAccess || user?.noteAppBlockedReason ? noteAppUrl : null;
}

/** The Stripe publishable key: null when payments are not configured. Here a failed load is shown. */
export function usePaymentConfig() {
  return useQuery({ ...configQueryOptions(), select: (config) => config.stripePublishableKey || null });
}
