import { MICROSOFT_MESSAGES as M, type MicrosoftAccount } from '../../shared/schemas/microsoft';
import { passkeysRepo } from '../auth/passkeys-repo';
import { securityEventsRepo } from '../auth/security-events';
import { hasPassword } from '../auth/users-repo';
import type { AppContext } from '../context';
import type { MicrosoftAccountRow, User } from '../db/schema';
import type { Client } from '../lib/client';
import { conflict, forbidden, notFound } from '../lib/http-error';
import { membershipOf } from '../practices/membership';
import { microsoftAccountsRepo } from './accounts-repo';
import type { MicrosoftIdentity } from './entra';
import type { VerifiedAccount } from './microsoft-cookies';

const toPublic = (row: MicrosoftAccountRow): MicrosoftAccount => ({
  username: row.username,
  tenant: row.tid,
  linkedAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** What a member of a practice that requires Microsoft is told when they sign in another way. */
const practiceRequiresMicrosoft = (practiceName: string, linked: boolean) =>
  `${practiceName} signs its team in with Microsoft: choose 'Sign in with Microsoft' and use your work account (NHSmail or Microsoft 365).${
    linked ? '' : ' The first time, you then sign in once more here, with your password, to link it.'
  }`;
const wrongTenant = (practiceName: string) =>
  `${practiceName} signs its team in with Microsoft accounts of its own organisation: this Microsoft account is of another. Sign in with your work account.`;

/**
 * Users' Microsoft accounts (docs/decisions/094-sign-in-with-microsoft.md): linked by `(tid, oid)`, never
 * by email; the one account a sign-in with Microsoft may open; and the practice's rule that its members
 * sign in with Microsoft of its tenant.
 */
export function microsoftService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = microsoftAccountsRepo(db);
  const events = securityEventsRepo(db);

  /** The member's practice when it signs its team in with Microsoft, else null. */
  async function requiringPractice(userId: number) {
    const practice = await membershipOf(db, userId);
    return practice?.requireMicrosoft ? practice : null;
  }

  /** 403 unless `tenant` (null: no Microsoft account) is the practice's; the refusal says how to sign in. */
  async function refuseUnless(
    practice: { name: string; microsoftTenant: string | null },
    userId: number,
    tenant: string | null,
  ): Promise<void> {
    if (tenant === null) {
      const linked = (await repo.ofUser(userId)) !== undefined;
      throw forbidden(practiceRequiresMicrosoft(practice.name, linked), { microsoftRequired: true });
    }
    if (tenant !== practice.microsoftTenant) throw forbidden(wrongTenant(practice.name));
  }

  return {
    async linkOf(userId: number): Promise<MicrosoftAccount | null> {
      const row = await repo.ofUser(userId);
      return row ? toPublic(row) : null;
    },

    /** Links the Microsoft account to the user (the caller asks for fresh proof first). */
    async link(user: User, identity: MicrosoftIdentity, client: Client): Promise<MicrosoftAccount> {
      const made = await repo.link({
        userId: user.id,
        tid: identity.tid,
        oid: identity.oid,
        username: identity.preferredUsername,
      });
      if (!made) {
        const holder = await repo.byAccount(identity.tid, identity.oid);
        throw conflict(holder && holder.userId !== user.id ? M.linkedToAnother : M.alreadyLinked);
      }
      await events.record({ userId: user.id }, 'microsoft_linked', client);
      return toPublic(made);
    },

    /** Unlinks it, unless it is the last way left to sign in (no password, no passkey). */
    async unlink(user: User, client: Client): Promise<void> {
      if (!(await repo.ofUser(user.id))) throw notFound(M.notLinked);
      const passkeys = await passkeysRepo(db).listFor({ kind: 'user', id: user.id });
      if (!hasPassword(user) && passkeys.length === 0) throw conflict(M.lastWay);
      if (await repo.unlink(user.id)) await events.record({ userId: user.id }, 'microsoft_unlinked', client);
    },

    /** Whether `identity` is the Microsoft account linked to the user (by tenant and object id). */
    async isLinkedTo(userId: number, identity: MicrosoftIdentity): Promise<boolean> {
      const row = await repo.ofUser(userId);
      if (!row || row.tid !== identity.tid || row.oid !== identity.oid) return false;
      await repo.used(row.id);
      return true;
    },

    /** The ChairNotes account this Microsoft account is linked to, or null: never one found by email. */
    async linkedUser(identity: MicrosoftIdentity): Promise<{ userId: number } | null> {
      const row = await repo.byAccount(identity.tid, identity.oid);
      if (!row) return null;
      await repo.used(row.id);
      return { userId: row.userId };
    },

    /**
     * The practice rule (docs/decisions/094-sign-in-with-microsoft.md): a member of a practice that
     * requires Microsoft signs in only with a Microsoft account of its tenant. `tenant`: the tenant of the
     * Microsoft account signing in, or null for a password or a passkey. 403 saying how, otherwise.
     */
    async checkPracticeRule(userId: number, tenant: string | null): Promise<void> {
      const practice = await requiringPractice(userId);
      if (practice) await refuseUnless(practice, userId, tenant);
    },

    /**
     * The practice rule for a sign-in without Microsoft (a password, a passkey). A member who has not
     * linked Microsoft yet would be locked out by it, since linking needs a signed-in person: so when this
     * browser has just proved a Microsoft account that nobody has linked (`proved`, from a sign-in with
     * Microsoft that found no account), its organisation counts for the rule, and the page links it once
     * the person is signed in (docs/decisions/094-sign-in-with-microsoft.md#a-member-who-has-not-linked-yet).
     */
    async checkSignInWithoutMicrosoft(userId: number, proved: VerifiedAccount | null): Promise<void> {
      const practice = await requiringPractice(userId);
      if (!practice) return;
      const linkable =
        proved?.intent === 'sign-in' &&
        !(await repo.ofUser(userId)) &&
        !(await repo.byAccount(proved.identity.tid, proved.identity.oid));
      await refuseUnless(practice, userId, linkable ? proved.identity.tid : null);
    },
  };
}
