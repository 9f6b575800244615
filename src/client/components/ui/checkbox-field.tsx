import type { ReactNode } from 'react';
import { Label } from './label';

/** A box to tick, its label, and the sentence that says what ticking it does (its description). */
export function CheckboxField({
  id,
  checked,
  disabled,
  onChange,
  label,
  children,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 accent-indigo-600"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {children}
      </p>
    </div>
  );
}
