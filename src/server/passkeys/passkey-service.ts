import { randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand';
import type { Passkey, PasskeyAdded } from '../../shared/schemas/passkeys';
import { endSessionsBeforeFirstFactor, hasNoSecondFactor } from '../auth/first-factor';
import { ownerOf, passkeyOwner, passkeysRepo } from '../auth/passkeys-repo';
import type { Account } from '../auth/second-factors';
import { securityEventsRepo } from '../auth/security-events';
import { subjectOf } from '../auth/sign-in';
import { twoFactorService } from '../auth/two-factor-service';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { PasskeyRow } from '../db/schema';
import { clientOf } from '../lib/client';
import { badRequest, conflict, notFound, unauthorized } from '../lib/http-error';
import { passkeyChangedMail } from '../mail/templates';
import { webauthnChallengesRepo } from './challenges';

/** Whose passkeys these are, as named in their mails and by the authenticator: a user or an admin. */
type Person = { username: string; email: string };

/** The relying party is this site: its host names the passkeys, its origin is where ceremonies happen. */
function relyingParty(config: Pick<Config, 'APP_URL'>) {
  const url = new URL(config.APP_URL);
  return { id: url.hostname, origin: url.origin, name: PRODUCT_NAME };
}

/**
 * @simplewebauthn/server, with the X.509 and ASN.1 libraries under it, is the slowest library to import
 * (docs/performance.md#start-imports): loaded at the first passkey ceremony, not in every start
 * (docs/architecture.md#budgets: first answer <= 1 s).
 */
async function webauthn() {
  const [server, { isoBase64URL }] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, isoBase64URL };
}

const REGISTRATION_EXPIRED = 'That took too long. Please try adding the passkey again.';
const SIGN_IN_EXPIRED = 'That took too long. Please try signing in with your passkey again.';
const NOT_RECOGNISED = 'That passkey was not recognised. Try another, or sign in with your password.';
const UNKNOWN_PASSKEY = 'You have no passkey with that id.';

const sameAccount = (a: Account, b: Account) => a.kind === b.kind && a.id === b.id;

const toPublicPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (docs/architecture.md#identity): adding one to an account (a user's or an admin's), naming and
 * removing them, and proving who one is with one. The WebAuthn checks are @simplewebauthn/server's;
 * this decides what they are checked against (the relying party, the challenge this browser was given,
 * the key stored for the credential) and what follows (the counter, the account's history, a mail to
 * the owner), the same for both kinds of account.
 */
export function passkeyService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = passkeysRepo(db);
  const challenges = webauthnChallengesRepo(db);
  const events = securityEventsRepo(db);
  const rp = relyingParty(ctx.config);
  const twoFactor = twoFactorService(ctx);

  return {
    list: async (account: Account) => (await repo.listFor(account)).map(toPublicPasskey),

    /** Options for navigator.credentials.create(); the challenge is kept for this browser. */
    async registrationOptions(
      request: FastifyRequest,
      reply: FastifyReply,
      account: Account,
      person: Person,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { generateRegistrationOptions, isoBase64URL } = await webauthn();
      const existing = await repo.listFor(account);
      // One handle per account, random: an authenticator then keeps one credential per account here.
      const webauthnUserId = existing[0]?.webauthnUserId ?? isoBase64URL.fromBuffer(randomBytes(32));
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: person.username,
        userDisplayName: person.username,
        userID: isoBase64URL.toBuffer(webauthnUserId),
        attestationType: 'none',
        // The same authenticator twice would be one key under two names.
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // A passkey signs in without a password, so it must be discoverable and verify the person.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challenges.start(request, reply, ctx.cookie, {
        ceremony: 'registration',
        challenge: options.challenge,
        owner: account,
        webauthnUserId,
      });
      return options;
    },

    /**
     * Checks the new credential against the challenge this browser was given, and keeps it. The caller
     * asks for a recent proof first (recent-auth.ts). As the account's first second factor, it ends the
     * sessions but `keepToken` (first-factor.ts).
     */
    async register(
      request: FastifyRequest,
      reply: FastifyReply,
      { account, keepToken }: { account: Account; keepToken: string },
      person: Person,
      { name, response }: { name: string; response: RegistrationResponseJSON },
    ): Promise<PasskeyAdded> {
      const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
      const pending = await challenges.take(request, reply, ctx.cookie, 'registration');
      if (!pending?.webauthnUserId || !pending.owner || !sameAccount(pending.owner, account))
        throw badRequest(REGISTRATION_EXPIRED);
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((err: unknown) => {
        request.log.info({ err }, 'passkey registration refused');
        return { verified: false as const };
      });
      if (!verified.verified) throw badRequest('That passkey could not be added. Please try again.');
      const { credential } = verified.registrationInfo;
      const first = await hasNoSecondFactor(ctx, account);
      const row = await repo.add({
        ...passkeyOwner(account),
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        webauthnUserId: pending.webauthnUserId,
        name,
      });
      if (!row) throw conflict('That passkey is already registered.');
      const client = clientOf(request);
      await events.record(subjectOf(account.kind, account.id), 'passkey_added', client);
      // A passkey is asked for after the password from now on: without recovery codes, losing it would
      // lock the person out (docs/decisions/102-recovery-codes-for-every-second-factor.md).
      const recoveryCodes = await twoFactor.recoveryCodesForNewFactor(account);
      const othersEnded = first ? await endSessionsBeforeFirstFactor(ctx, account, keepToken, client) : 0;
      ctx.mailer.sendInBackground(
        passkeyChangedMail(person, 'added', name, ctx.config.APP_URL, {
          kind: account.kind,
          othersSignedOut: othersEnded > 0,
          recoveryCodesMade: recoveryCodes !== null,
        }),
      );
      return { ...toPublicPasskey(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    async rename(account: Account, id: number, name: string): Promise<Passkey> {
      const row = await repo.rename(account, id, name);
      if (!row) throw notFound(UNKNOWN_PASSKEY);
      return toPublicPasskey(row);
    },

    /** Removes one of the account's passkeys. The caller asks for a recent proof first (recent-auth.ts). */
    async remove(request: FastifyRequest, account: Account, person: Person, id: number): Promise<void> {
      const row = await repo.remove(account, id);
      if (!row) throw notFound(UNKNOWN_PASSKEY);
      await twoFactor.keepCodesWhileAFactorRemains(account);
      await events.record(subjectOf(account.kind, account.id), 'passkey_removed', clientOf(request));
      ctx.mailer.sendInBackground(
        passkeyChangedMail(person, 'removed', row.name, ctx.config.APP_URL, { kind: account.kind }),
      );
    },

    /**
     * Options for navigator.credentials.get(). With no `owner` any user's passkey of this site may
     * answer (the browser offers the person theirs: a passwordless sign-in); with one, only that
     * account's (a second factor after the password).
     */
    async authenticationOptions(
      request: FastifyRequest,
      reply: FastifyReply,
      owner?: Account,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webauthn();
      const allowCredentials =
        owner === undefined
          ? undefined
          : (await repo.listFor(owner)).map((p) => ({ id: p.credentialId, transports: p.transports }));
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials,
        userVerification: 'required',
      });
      await challenges.start(request, reply, ctx.cookie, {
        ceremony: 'authentication',
        challenge: options.challenge,
        owner,
      });
      return options;
    },

    /**
     * Checks an assertion against the challenge this browser was given and the key stored for its
     * credential, and records the use. The account it proves (of `kind`), or 401; a counter that did
     * not move on (a replayed assertion, a cloned key) is refused and recorded as a failed sign-in.
     * When the options were asked for one account (`authenticationOptions(..., owner)`), only that
     * account's passkey counts. An admin's passkey only ever finishes a sign-in their password began:
     * options asked for no account (passwordless) are answered by users' passkeys alone.
     */
    async verifyAuthentication(
      request: FastifyRequest,
      reply: FastifyReply,
      response: AuthenticationResponseJSON,
      kind: Account['kind'],
    ): Promise<Account> {
      const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
      const pending = await challenges.take(request, reply, ctx.cookie, 'authentication');
      // Options asked for one account: the passkey is the second step of a sign-in the password began.
      const failed = <E>(error: E): E => {
        ctx.metrics.signIn(kind, pending?.owner ? 'second_factor' : 'passkey', 'failure');
        return error;
      };
      if (!pending) throw failed(badRequest(SIGN_IN_EXPIRED));
      const passkey = await repo.findByCredentialId(response.id);
      const owner = passkey && ownerOf(passkey);
      const allowed =
        owner?.kind === kind && (pending.owner ? sameAccount(pending.owner, owner) : kind === 'user');
      if (!passkey || !owner || !allowed) throw failed(unauthorized(NOT_RECOGNISED));
      // The handle the authenticator stored with the credential must be the one it was made with.
      const { userHandle } = response.response;
      if (userHandle !== undefined && userHandle !== passkey.webauthnUserId)
        throw failed(unauthorized(NOT_RECOGNISED));
      const refuse = async (err: unknown) => {
        request.log.info({ err, passkeyId: passkey.id }, 'passkey sign-in refused');
        await events.record(subjectOf(owner.kind, owner.id), 'sign_in_failed', clientOf(request));
        return failed(unauthorized(NOT_RECOGNISED));
      };
      let newCounter: number;
      try {
        const verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: pending.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
        if (!verified.verified) throw new Error('signature not verified');
        newCounter = verified.authenticationInfo.newCounter;
      } catch (err) {
        throw await refuse(err);
      }
      if (!(await repo.recordUse(passkey.id, newCounter)))
        throw await refuse(new Error('counter did not move on'));
      return owner;
    },
  };
}
