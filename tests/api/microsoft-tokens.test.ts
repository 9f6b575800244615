import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { entra } from '../../src/server/microsoft/entra';
import { APP_URL, TEST_SECRETS_KEY } from '../support/app';
import {
  MICROSOFT_CLIENT,
  type MicrosoftPerson,
  type Mischief,
  startMicrosoft,
  throughMicrosoft,
} from '../support/microsoft';

// ChairNotes' side of an Entra sign-in (docs/architecture.md#microsoft-sign-in) against the stand-in
// Microsoft: what a verified ID token gives, and which tokens are refused.
const microsoft = await startMicrosoft({ redirectUris: [`${APP_URL}/api/auth/microsoft/callback`] });
afterAll(() => microsoft.close());
const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    SECRETS_KEY: TEST_SECRETS_KEY,
    MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
    MICROSOFT_LOGIN_URL: microsoft.url,
    ...env,
  });
const client = entra(config())!;
const nhsmail: MicrosoftPerson = {
  tid: '3c0f7e43-0c1b-4a2e-9f55-000000000001',
  oid: '6f1d2a8e-1111-4a2e-9f55-0000000000a1',
  preferredUsername: 'anna.smith@nhs.net',
  email: 'anna.smith@nhs.net',
  amr: ['pwd', 'mfa'],
};

async function signIn(person: MicrosoftPerson, mischief?: Mischief) {
  microsoft.signInAs(person, mischief);
  const { url, flow } = await client.start();
  return client.finish(await throughMicrosoft(url, APP_URL), flow);
}

describe('an Entra sign-in', () => {
  it('names the account by its tenant and object id, with whether Microsoft asked for a second factor', async () => {
    expect(await signIn(nhsmail)).toEqual({
      tid: nhsmail.tid,
      oid: nhsmail.oid,
      preferredUsername: 'anna.smith@nhs.net',
      email: 'anna.smith@nhs.net',
      mfa: true,
    });
    expect((await signIn({ ...nhsmail, amr: ['pwd'] })).mfa).toBe(false);
  });

  it('sends the browser to Microsoft with PKCE, state and nonce, asking which account', async () => {
    const { url } = await client.start();
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${microsoft.url}/organizations/oauth2/v2.0/authorize?`)).toBe(true);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('scope')).toBe('openid profile email');
    // openid-client's randomState and randomNonce: 32 random bytes each, base64url, and not the same.
    expect(params.get('state')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).not.toBe(params.get('state'));
    expect(params.get('prompt')).toBe('select_account');
  });

  it.each([
    ['another tenant than its own tid', 'iss'],
    ['another application', 'aud'],
    ['another sign-in', 'nonce'],
  ] as const)('refuses an ID token issued for %s (%s)', async (_what, mischief) => {
    // openid-client names the claim it found wrong.
    await expect(signIn(nhsmail, mischief)).rejects.toMatchObject({
      cause: { message: expect.stringContaining(`"${mischief}"`) },
    });
  });

  it('refuses an ID token not signed by a key Microsoft publishes', async () => {
    await expect(signIn(nhsmail, 'signature')).rejects.toMatchObject({
      cause: { message: 'JWT signature verification failed' },
    });
  });

  it("refuses a callback whose state is not this browser's", async () => {
    microsoft.signInAs(nhsmail);
    const { url, flow } = await client.start();
    const back = await throughMicrosoft(url, APP_URL);
    await expect(client.finish(back, { ...flow, state: 'another-browsers-state' })).rejects.toThrow();
  });

  it('is off without a client id and secret', () => {
    expect(entra(config({ MICROSOFT_CLIENT_ID: '', MICROSOFT_CLIENT_SECRET: '' }))).toBeNull();
  });
});
