import { useSyncExternalStore } from 'react';
import { ApiError } from './api';

// Sensitive actions (docs/architecture.md#identity) answer 403 `reauthRequired` when the person has not proved it
// is them in the last 10 minutes. `withReauth` asks them (the ReauthDialog, mounted once in the app),
// then carries on with what they were doing: the same call, once more.

type Pending = { resolve: (confirmed: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const isReauthRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.details.reauthRequired === true;

/** Opens the prompt; true once the person has confirmed, false if they closed it. */
function requestReauth(): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { resolve };
    emit();
  });
}

/** Closes the prompt with its outcome (the dialog calls this). */
export function settleReauth(confirmed: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(confirmed);
}

/** Whether the prompt is open. */
export function useReauthPrompt(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
    () => false,
  );
}

/**
 * Runs `call`; when the server asks for fresh proof, asks the person and, once they give it, runs it
 * again. If they close the prompt, the first answer's error stands.
 */
export async function withReauth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isReauthRequired(error) || !(await requestReauth())) throw error;
    return call();
  }
}
