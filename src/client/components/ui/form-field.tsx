import { cn } from '@client/lib/utils';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input, Textarea } from './input';
import { Label } from './label';

/** A field's message, announced when it appears and tied to its control by id. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type FieldShellProps = {
  label: string;
  error?: string;
  /** Beside the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  hint?: string;
  id?: string;
  className?: string;
};

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** Label, control, hint and error, with aria-invalid and aria-describedby wired up. */
function FieldShell({
  label,
  error,
  labelAside,
  hint,
  id,
  className,
  control,
}: FieldShellProps & { control: (props: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAside}
      </div>
      {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & FieldShellProps;

export function TextField({ label, error, labelAside, hint, id, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldShell
      {...{ label, error, labelAside, hint, id, className }}
      control={(control) => <Input {...control} {...inputProps} />}
    />
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & FieldShellProps;

export function TextAreaField({
  label,
  error,
  labelAside,
  hint,
  id,
  className,
  ...areaProps
}: TextAreaFieldProps) {
  return (
    <FieldShell
      {...{ label, error, labelAside, hint, id, className }}
      control={(control) => <Textarea {...control} {...areaProps} />}
    />
  );
}

type PresetFieldProps = Omit<TextFieldProps, 'label'> & { label?: string };

/** A username: never capitalised or spell-checked by the browser. */
export function UsernameField({ label = 'Username', ...props }: PresetFieldProps) {
  return (
    <TextField label={label} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

export function EmailField({ label = 'Email', ...props }: PresetFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" spellCheck={false} {...props} />;
}

/** `autoComplete` tells password managers which: the one in use, or a new one to remember. */
export function PasswordField({
  label = 'Password',
  ...props
}: PresetFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label={label} type="password" {...props} />;
}
