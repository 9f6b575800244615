import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiJson } from './api';

// The two WebAuthn ceremonies as the browser runs them against our API (docs/architecture.md#identity), for users
// and admins alike. @simplewebauthn/browser is loaded on use: only those who use a passkey download it.

/**
 * Makes a passkey: the server's options (`${base}/registration-options`), the browser's prompt, then the
 * new credential under its name (`${base}/registration`).
 */
export async function createPasskey<T>(
  base: '/api/user/passkeys' | '/api/admin/passkeys',
  name: string,
): Promise<T> {
  const optionsJSON = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    `${base}/registration-options`,
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return apiJson<T>('POST', `${base}/registration`, { name, response });
}

/**
 * Signs in with a passkey: the server's options (`${url}/options`), the browser's prompt (it offers the
 * passkeys the person has here, or only those of the account whose password was just given), then the
 * assertion (`url`), answered with who signed in.
 */
export async function provePasskey<T>(url: '/api/login/passkey' | '/api/admin/login/passkey'): Promise<T> {
  const optionsJSON = await apiJson<PublicKeyCredentialRequestOptionsJSON>('POST', `${url}/options`);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  return apiJson<T>('POST', url, { response });
}
