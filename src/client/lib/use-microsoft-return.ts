import { useEffect, useRef } from 'react';

/**
 * Back from Microsoft with a verified account (`?microsoft=done`): `finish` runs once, to sign in, link or
 * join with it (docs/architecture.md#microsoft-sign-in). `enabled` false waits (the configuration unread).
 */
export function useMicrosoftReturn(outcome: string | null, finish: () => void, enabled = true): void {
  const finished = useRef(false);
  useEffect(() => {
    if (!enabled || outcome !== 'done' || finished.current) return;
    finished.current = true;
    finish();
  }, [enabled, outcome, finish]);
}
