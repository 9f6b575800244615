import { ApiError } from './api';
import { toast } from './toast';

/**
 * A failed passkey ceremony, in a person's words; null when the person closed the prompt or let it time
 * out (NotAllowedError), which is a choice, not a fault to alarm them about. The prompt's own errors are
 * DOMExceptions (SimpleWebAuthn passes them on as WebAuthnError under the same name); the server's are
 * ApiErrors, said as every other failure is ("<status>: <message>").
 */
export function describePasskeyFailure(error: Error): string | null {
  if (error instanceof ApiError) return error.message;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return null;
  if (error.name === 'InvalidStateError') return 'That passkey is already on your account.';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError')
    return 'This browser cannot use passkeys here.';
  return 'Please try again later';
}

/** Says why a passkey was not added: the prompt closed (plainly), or a failure (as one). */
export function toastPasskeyNotAdded(error: Error): void {
  const description = describePasskeyFailure(error);
  if (description === null)
    toast({ title: 'No passkey was added', description: 'The passkey prompt was closed.' });
  else toast({ title: 'Failed to add the passkey', description, variant: 'destructive' });
}
