import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

// The two WebAuthn ceremonies as the browser runs them against our API (docs/architecture.md#identity), for users
// and admins alike: each caller passes its two typed calls (lib/api.ts). @simplewebauthn/browser is loaded on
// use: only those who use a passkey download it.
//
// The options are SimpleWebAuthn's own JSON, made by its server half and read by its browser half; the API
// document leaves their shape to the library (`unknown`), so they are handed over as the library types them.

/**
 * The browser's answer as the API takes it: SimpleWebAuthn types the extensions' outputs as an interface, which
 * TypeScript does not count as the document's open object until it is copied into a plain one.
 */
type Sent<R extends { clientExtensionResults: object }> = Omit<R, 'clientExtensionResults'> & {
  clientExtensionResults: Record<string, unknown>;
};

function sent<R extends { clientExtensionResults: object }>(response: R): Sent<R> {
  const { clientExtensionResults, ...rest } = response;
  return { ...rest, clientExtensionResults: Object.fromEntries(Object.entries(clientExtensionResults)) };
}

/** Makes a passkey: the server's options, the browser's prompt, then the new credential sent to `register`. */
export async function createPasskey<T>(
  options: () => Promise<unknown>,
  register: (response: Sent<RegistrationResponseJSON>) => Promise<T>,
): Promise<T> {
  const optionsJSON = (await options()) as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await import('@simplewebauthn/browser');
  return register(sent(await startRegistration({ optionsJSON })));
}

/**
 * Signs in with a passkey: the server's options, the browser's prompt (it offers the passkeys the person
 * has here, or only those of the account whose password was just given), then the assertion sent to `prove`,
 * answered with who signed in.
 */
export async function provePasskey<T>(
  options: () => Promise<unknown>,
  prove: (response: Sent<AuthenticationResponseJSON>) => Promise<T>,
): Promise<T> {
  const optionsJSON = (await options()) as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return prove(sent(await startAuthentication({ optionsJSON })));
}
