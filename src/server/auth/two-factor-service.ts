import { TWO_FACTOR_MESSAGES as M, type TwoFactorStatus } from '../../shared/schemas/two-factor';
import type { AppContext } from '../context';
import type { Client } from '../lib/client';
import { badRequest, conflict } from '../lib/http-error';
import { openSecret, sealSecret } from '../lib/secret-box';
import { normalRecoveryCode, recoveryCode } from '../lib/tokens';
import {
  recoveryCodesRegeneratedMail,
  recoveryCodeUsedMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
} from '../mail/templates';
import { endSessionsBeforeFirstFactor, hasNoSecondFactor } from './first-factor';
import { passkeysRepo } from './passkeys-repo';
import { recoveryCodeForms, recoveryCodeHash } from './recovery-codes';
import type { Account } from './second-factors';
import { securityEventsRepo } from './security-events';
import { confirmPassword, subjectOf } from './sign-in';
import { signInCode, throttledAttempt, throttleKey } from './sign-in-throttle';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { twoFactorRepo } from './two-factor-repo';

const RECOVERY_CODES = 10;

/** Whom the mails about their second factors go to: a user or an admin. */
type Person = { username: string; email: string };

/** A proof that it is the person (POST /api/user/reauth, /api/admin/reauth): the password, or a code. */
type Proof = { password?: string; code?: string };

/**
 * The authenticator app (TOTP) and recovery codes of users and admins alike. Every code tried counts on
 * the per-account sign-in throttle, as a password does; every change is a security event, and mailed.
 */
export function twoFactorService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = twoFactorRepo(db);
  const events = securityEventsRepo(db);
  const appUrl = ctx.config.APP_URL;

  const secretOf = (sealed: string) => openSecret(ctx.secretsKey, sealed);

  async function newRecoveryCodes(account: Account): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await repo.replaceRecoveryCodes(
      account,
      codes.map((c) => recoveryCodeHash(ctx.secretsKey, c)),
    );
    return codes;
  }

  /**
   * A code of the turned-on app (each step once), or an unused recovery code (then gone). Recovery codes
   * stand in for any second factor, the app or a passkey (docs/decisions/102-recovery-codes-for-every-second-factor.md).
   */
  async function rightCode(account: Account, code: string): Promise<'totp' | 'recovery' | null> {
    const totp = await repo.findTotp(account);
    if (totp?.enabledAt) {
      const step = totpStep(secretOf(totp.secret), code.replace(/\s/g, ''));
      if (step !== null) return (await repo.spendStep(account, step)) ? 'totp' : null;
    }
    const typed = normalRecoveryCode(code);
    if (typed.length !== 10) return null;
    return (await repo.spendRecoveryCode(account, recoveryCodeForms(ctx.secretsKey, typed)))
      ? 'recovery'
      : null;
  }

  /**
   * Runs `throttled` with the check of a code; a recovery code it used up is recorded and mailed.
   * Whether the code was right.
   */
  async function spendingCode(
    account: Account,
    person: Person,
    client: Client,
    throttled: (attempt: (code: string) => Promise<boolean>) => Promise<boolean>,
  ): Promise<boolean> {
    let used: 'totp' | 'recovery' | null = null;
    const ok = await throttled(async (code) => {
      used = await rightCode(account, code);
      return used !== null;
    });
    if (used === 'recovery') {
      await events.record(subjectOf(account.kind, account.id), 'recovery_code_used', client);
      const left = await repo.recoveryCodesLeft(account);
      ctx.mailer.sendInBackground(recoveryCodeUsedMail(person, left, appUrl));
    }
    return ok;
  }

  return {
    async status(account: Account): Promise<TwoFactorStatus> {
      const totp = await repo.findTotp(account);
      const on = Boolean(totp?.enabledAt);
      const passkeyCount = await passkeysRepo(ctx.database.db).countFor(account);
      return {
        totp: on,
        recoveryCodesLeft: on || passkeyCount > 0 ? await repo.recoveryCodesLeft(account) : 0,
        passkeys: passkeyCount,
      };
    },

    /**
     * The recovery codes, once, when a second factor other than the app is added (a passkey) to an
     * account that holds none: the first factor's, or an account whose codes were used up or never made.
     * Null when it still holds some: they stand for the new factor too.
     */
    async recoveryCodesForNewFactor(account: Account): Promise<string[] | null> {
      return (await repo.recoveryCodesLeft(account)) > 0 ? null : newRecoveryCodes(account);
    },

    /** After a factor is removed: the recovery codes go with the last one. Whether a factor remains. */
    async keepCodesWhileAFactorRemains(account: Account): Promise<boolean> {
      if (!(await hasNoSecondFactor(ctx, account))) return true;
      await repo.removeRecoveryCodes(account);
      return false;
    },

    /** A new pending secret (replacing an earlier pending one), with its URI and QR code. */
    async setup(account: Account, person: Person) {
      const secret = newTotpSecret();
      if (!(await repo.savePending(account, sealSecret(ctx.secretsKey, secret)))) throw conflict(M.alreadyOn);
      const uri = totpUri(secret, person.username);
      // Loaded at the first set-up, not in every start (docs/performance.md#start-imports).
      const { default: QRCode } = await import('qrcode');
      return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri) };
    },

    /**
     * Turns the app on once the person shows a right code from it; answers the recovery codes, once.
     * The code proves the app, not the person: the caller asks for a recent proof first (recent-auth.ts).
     * As the account's first second factor, it ends the sessions but `keepToken` (first-factor.ts).
     */
    async enable(
      account: Account,
      person: Person,
      code: string,
      client: Client,
      keepToken: string,
    ): Promise<string[]> {
      const totp = await repo.findTotp(account);
      if (totp?.enabledAt) throw conflict(M.alreadyOn);
      if (!totp) throw badRequest(M.noPendingSetup);
      const first = await hasNoSecondFactor(ctx, account);
      const ok = await throttledAttempt(
        ctx.signInThrottle,
        throttleKey(account.kind, account.id),
        async () => {
          const step = totpStep(secretOf(totp.secret), code.replace(/\s/g, ''));
          return step !== null && (await repo.spendStep(account, step, { pending: true }));
        },
      );
      if (!ok) throw badRequest(M.wrongSetupCode);
      const codes = await newRecoveryCodes(account);
      await events.record(subjectOf(account.kind, account.id), 'two_factor_enabled', client);
      const othersEnded = first ? await endSessionsBeforeFirstFactor(ctx, account, keepToken, client) : 0;
      ctx.mailer.sendInBackground(twoFactorEnabledMail(person, appUrl, othersEnded > 0));
      return codes;
    },

    /**
     * Whether `code` proves a signed-in account's second factor (TOTP, or a recovery code, then used
     * up: recorded and mailed). Throttled with the account's sign-ins: 429 while it must wait.
     */
    checkCode(account: Account, person: Person, code: string, client: Client): Promise<boolean> {
      return spendingCode(account, person, client, (attempt) =>
        throttledAttempt(ctx.signInThrottle, throttleKey(account.kind, account.id), () => attempt(code), {
          codes: true,
        }),
      );
    },

    /**
     * Whether `code` finishes a pending sign-in: held by the codes' count and the address, not by the
     * account's hold on passwords (sign-in-throttle.ts signInCode). After a password checked blind and
     * wrong, no code does, and none is spent (the read keeps the work alike).
     */
    checkSignInCode(
      pending: Account & { passwordRight: boolean },
      person: Person,
      code: string,
      client: Client,
    ): Promise<boolean> {
      const account = { kind: pending.kind, id: pending.id };
      return spendingCode(account, person, client, (attempt) =>
        signInCode(ctx.signInThrottle, throttleKey(account.kind, account.id), client.ip, async () => {
          if (pending.passwordRight) return attempt(code);
          await repo.findTotp(account);
          return false;
        }),
      );
    },

    /**
     * Whether the password or a code proves it is the person, for a sensitive action (recent-auth.ts).
     * Both count on the account's sign-in throttle.
     */
    async proveItIsThem(
      account: Account,
      person: Person & { id: number; password: string },
      { password, code }: Proof,
      client: Client,
    ): Promise<boolean> {
      if (password === undefined && code === undefined) throw badRequest(M.reauthEmpty);
      return password !== undefined
        ? confirmPassword(ctx, account.kind, person, password)
        : this.checkCode(account, person, code!, client);
    },

    /**
     * Turns the app off; the code is the proof (a sensitive action needs no other). Whether passkeys
     * remain: then two-factor sign-in stays on, with its recovery codes.
     */
    async disable(account: Account, person: Person, code: string, client: Client): Promise<boolean> {
      const totp = await repo.findTotp(account);
      if (!totp?.enabledAt) throw badRequest(M.notOn);
      if (!(await this.checkCode(account, person, code, client))) throw badRequest(M.wrongSetupCode);
      await repo.removeTotp(account);
      const passkeysRemain = await this.keepCodesWhileAFactorRemains(account);
      await events.record(subjectOf(account.kind, account.id), 'two_factor_disabled', client);
      ctx.mailer.sendInBackground(twoFactorDisabledMail(person, appUrl, passkeysRemain));
      return passkeysRemain;
    },

    /** A new set of recovery codes, for an account with a second factor; the old ones stop working. */
    async regenerateRecoveryCodes(account: Account, person: Person, client: Client): Promise<string[]> {
      if (await hasNoSecondFactor(ctx, account)) throw badRequest(M.notOn);
      const codes = await newRecoveryCodes(account);
      await events.record(subjectOf(account.kind, account.id), 'recovery_codes_regenerated', client);
      ctx.mailer.sendInBackground(recoveryCodesRegeneratedMail(person, appUrl));
      return codes;
    },
  };
}
