// The stand-in Microsoft (microsoft.ts) as a server of its own, for the browser tests (scripts/run-e2e.mjs
// bundles it): POST /test/sign-in-as {person, mischief?} names who signs in at Microsoft next.
import { startMicrosoft } from './microsoft';

const port = Number(process.env.MICROSOFT_PORT ?? 5058);
const redirectUris = (process.env.MICROSOFT_REDIRECT_URIS ?? '').split(',').filter(Boolean);
const microsoft = await startMicrosoft({ port, redirectUris });
console.log(`stand-in Microsoft on ${microsoft.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void microsoft.close().then(() => process.exit(0));
  });
