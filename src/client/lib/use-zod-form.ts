import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, describeFailure } from './api';

/**
 * A form checked by the zod schema the server uses too: first on submit, then on every change
 * (docs/architecture.md#validation). `field(name)` gives a field component its input's wiring and its message.
 * `showServerError` puts a 400 that names one of the form's fields ("password: ...") under that field:
 * the server checks what the browser cannot (a common password: its list stays on the server).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  const field = (name: FieldPath<Input>) => ({
    ...form.register(name),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
  const showServerError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    const [, name, message] = /^(\w+): (.+)$/.exec(error.serverMessage) ?? [];
    if (name && message && name in form.getValues()) {
      form.setError(name as FieldPath<Input>, { type: 'server', message }, { shouldFocus: true });
    }
  };
  /** For a form about one thing (a code, a password): whatever refusal the server gives goes under `name`. */
  const showErrorUnder = (name: FieldPath<Input>) => (error: Error) => {
    const refused = error instanceof ApiError && error.status < 500;
    form.setError(
      name,
      { type: 'server', message: refused ? error.serverMessage : describeFailure(error) },
      { shouldFocus: true },
    );
  };
  return { ...form, field, showServerError, showErrorUnder };
}
