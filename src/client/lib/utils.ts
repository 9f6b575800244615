import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. It does not resolve conflicts (which of `p-4` and `p-0` wins depends on the
 * stylesheet's order, not the attribute's), so a component never lets a caller override one of its own
 * utilities: it offers a prop or a variant instead, and callers only add classes for other properties.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
