import { afterAll } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { MICROSOFT_CLIENT, type MicrosoftPerson, signInAtMicrosoft, startMicrosoft } from './microsoft';
import { type Browser, oidcApp } from './oidc';
import { startSmtpCatcher } from './smtp';

/** The browser as the stand-in Microsoft's helper drives it (tests/support/microsoft.ts). */
const driven = (b: Browser) => ({
  get: async (url: string) => {
    const res = await b.request(url);
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  },
  post: async (url: string, body: Record<string, unknown> = {}) => {
    const res = await b.post(url, body);
    return { statusCode: res.status, body: await res.text() };
  },
});

/**
 * The app with the note app (tests/support/oidc.ts) and Sign in with Microsoft against the stand-in
 * Microsoft, listening, with a real SMTP catcher; closed after the file. `atMicrosoft` signs a browser in
 * at Microsoft as a person, for `intent` (a sign-in unless said), up to ChairNotes' callback.
 */
export async function microsoftNoteApp() {
  const port = await freePort();
  const microsoft = await startMicrosoft({
    redirectUris: [`http://127.0.0.1:${port}/api/auth/microsoft/callback`],
  });
  const smtp = await startSmtpCatcher();
  afterAll(async () => {
    await microsoft.close();
    await smtp.close();
  });
  const t = await oidcApp(
    {
      SMTP_URL: smtp.url,
      FORM_RATE_LIMIT: '1000',
      MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
      MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
      MICROSOFT_LOGIN_URL: microsoft.url,
    },
    port,
  );
  const atMicrosoft = (
    b: Browser,
    p: MicrosoftPerson,
    opts: Parameters<typeof signInAtMicrosoft>[4] = { intent: 'sign-in' },
  ) => signInAtMicrosoft(driven(b), microsoft, t.appUrl, p, opts);
  return { t, smtp, microsoft, atMicrosoft };
}
