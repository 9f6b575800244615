import { createPasskey } from '@client/lib/passkey-ceremonies';
import type { Passkey } from '@shared/schemas/passkeys';

/** Enrols the admin's passkey under its name, which opens the admin area to this session. */
export const addAdminPasskey = ({ name }: { name: string }) =>
  createPasskey<Passkey>('/api/admin/passkeys', name);
