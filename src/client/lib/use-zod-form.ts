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

/**
 * A form checked by the zod schema the server uses too: first on submit, then on every change (spec
 * section 5). `field(name)` gives a field component its input's wiring and its message.
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
  return { ...form, field };
}
