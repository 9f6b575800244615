import { cn } from '@client/lib/utils';
import { cloneElement, type HTMLAttributes, isValidElement, type ReactElement, type Ref } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: React.ReactNode; ref?: Ref<HTMLElement> };

/**
 * Renders its one child element with the slot's props merged in (classes joined, handlers both
 * called, the child's own props winning otherwise): `<Button asChild><a href=.../></Button>`.
 * A few lines instead of Radix's Slot, which would add a kilobyte to every marketing page.
 */
export function Slot({ children, className, ref, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Record<string, unknown>>;
  const childProps = child.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        (childValue as (...a: unknown[]) => void)(...args);
        (slotValue as (...a: unknown[]) => void)(...args);
      };
    }
  }
  merged.className = cn(className, childProps.className as string | undefined);
  if (ref) merged.ref = ref;
  return cloneElement(child, merged);
}
