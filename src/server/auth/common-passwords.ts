import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

// zxcvbn's list of the ~49,000 most used passwords (all lower-case), offline: no password leaves the
// server to be checked. Kept here, not in src/shared, so the browser never downloads it.
const common = new Set(dictionary['passwords-common']);

function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/**
 * `schema` with its new-password field `field` also refused when common, as a validation issue on
 * that field: the answer is the usual 400 naming it, which the form shows under the field.
 */
export function refusingCommonPassword<T extends z.ZodType<Record<K, string>>, K extends string>(
  schema: T,
  field: K,
) {
  return schema.superRefine((value, ctx) => {
    if (isCommonPassword(value[field]))
      ctx.addIssue({ code: 'custom', path: [field], message: COMMON_PASSWORD_MESSAGE });
  });
}
