import { useSyncExternalStore } from 'react';
import { TOAST_STASH_KEY as STASH_KEY } from './toast-stash';

type ToastVariant = 'default' | 'destructive';
type ToastInput = { title: string; description?: string; variant?: ToastVariant };
type ToastItem = ToastInput & { id: number; open: boolean };

// docs/architecture.md#constants: one toast visible at a time (a new one replaces the old) and, as Radix's reference
// toaster does, a closed toast leaves the list only after a long delay; the limit drops it sooner.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 0;
let everShown = false;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function removeToast(id: number): void {
  removalTimers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  if (!removalTimers.has(id))
    removalTimers.set(
      id,
      setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY),
    );
  emit();
}

/** Shows a toast, replacing any toast on screen. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  nextId += 1;
  const id = nextId;
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) {
    clearTimeout(removalTimers.get(dropped.id));
    removalTimers.delete(dropped.id);
  }
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  everShown = true;
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = () => toasts;
const getEverShown = () => everShown;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

/** Whether any toast was ever raised: the toaster's code loads only then, keeping first load lean. */
export function useToastsEverShown(): boolean {
  return useSyncExternalStore(subscribe, getEverShown, getEverShown);
}

// A prerendered page moves on by loading a new document (lib/navigation.tsx); a toast raised just
// before, such as 'Login successful', is carried over in sessionStorage and shown on the next page.

export function stashToastsForNextPage(): void {
  const open = toasts
    .filter((t) => t.open)
    .map(({ title, description, variant }) => ({ title, description, variant }));
  if (!open.length) return;
  try {
    sessionStorage.setItem(STASH_KEY, JSON.stringify(open));
  } catch {
    // Storage may be disabled; the toast is a courtesy, the navigation goes on.
  }
}

export function replayStashedToasts(): void {
  try {
    const raw = sessionStorage.getItem(STASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(STASH_KEY);
    for (const input of JSON.parse(raw) as ToastInput[]) toast(input);
  } catch {
    // As above.
  }
}
