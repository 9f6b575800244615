import { answer, api } from '@client/lib/api';
import { createPasskey } from '@client/lib/passkey-ceremonies';
import { withReauth } from '@client/lib/reauth';

/**
 * Enrols the admin's passkey under its name, which opens the admin area to this session. More than 10
 * minutes after the password sign-in, it asks for the password again first.
 */
export const addAdminPasskey = ({ name }: { name: string }) =>
  withReauth(() =>
    createPasskey(
      () => answer(api.POST('/api/admin/passkeys/registration-options')),
      (response) => answer(api.POST('/api/admin/passkeys/registration', { body: { name, response } })),
    ),
  );
