import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isLiveSubscription,
  isManager,
  isPracticePlan,
  MANAGER_ROLES,
  practiceGivesAccess,
} from '../../shared/access';
import {
  type PaidPlanId,
  PRACTICE_INVITATION_DAYS,
  type PracticeRole,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../shared/constants';
import { maskEmail } from '../../shared/mask-email';
import type {
  InvitationPreview,
  InvitationRequest,
  JoinResponse,
  PracticeOverview,
} from '../../shared/schemas/practice';
import { emailAddressService } from '../account/email-address-service';
import { requireRecentAuth } from '../auth/recent-auth';
import type { UserSession } from '../auth/require';
import { securityEventsRepo } from '../auth/security-events';
import { USERNAME_TAKEN } from '../auth/usernames';
import { usersRepo } from '../auth/users-repo';
import { billingRepo } from '../billing/billing-repo';
import { stripeCall } from '../billing/stripe-call';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import type { PracticeInvitationRow, User } from '../db/schema';
import type { Client } from '../lib/client';
import { conflict, forbidden, HttpError, notFound } from '../lib/http-error';
import { randomToken, sha256Hex } from '../lib/tokens';
import type { Mail, QueuedMail } from '../mail/mailer';
import {
  practiceHandedOverMail,
  practiceInvitationMail,
  practiceMemberJoinedMail,
  practiceRemovedMail,
  practiceRoleChangedMail,
} from '../mail/templates';
import { microsoftAccountsRepo } from '../microsoft/accounts-repo';
import type { MicrosoftIdentity } from '../microsoft/entra';
import { recordPracticeEvent } from './audit';
import type { Membership } from './membership';
import { policyOf, practicesRepo } from './practices-repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export const M = {
  notInPractice: 'You are not in a practice.',
  managersOnly: "Only the practice's owner or an admin can do this.",
  ownerOnly: "Only the practice's owner can do this.",
  noFreeSeats: 'Your practice has no free seats.',
  noSuchMember: 'There is no such member in your practice.',
  noSuchInvitation: 'There is no such invitation in your practice.',
  alreadyMember: 'This person is already a member of your practice.',
  alreadyInvited: 'An invitation to this address is already waiting: resend it instead.',
  practiceEnded: "Your practice's subscription has ended: start it again to invite people.",
  invalidLink: 'This invitation link is invalid.',
  used: 'This invitation has already been used.',
  withdrawn: 'This invitation was withdrawn. Ask the practice for a new one.',
  expired: 'This invitation has expired. Ask the practice for a new one.',
  /** The invited address is shown masked: the person signed in is not the one it was sent to. */
  wrongAccount: (invited: string, yours: string) =>
    `This invitation is for ${maskEmail(invited)}. Sign in with that account, or ask the practice to invite ${yours}.`,
  alreadyInThis: 'You are already a member of this practice.',
  alreadyInOther: 'You are already in a practice. Leave it before you join another.',
  ownerCannotLeave:
    'As the owner you cannot leave your practice. Hand it over to a member first, or remove the other members and cancel the subscription.',
  ownerHasMembers: 'Your practice still has other members. Hand the practice over or remove them first.',
  notYourself: 'To leave the practice, use Leave practice.',
  memberElsewhere: 'You are a member of another practice. Leave it before you start a practice of your own.',
  noMicrosoft: (practice: string) =>
    `${practice} does not sign its team in with Microsoft: accept the invitation with a ChairNotes account instead.`,
  otherOrganisation: (practice: string) =>
    `This Microsoft account is not of ${practice}'s organisation. Sign in to Microsoft with your work account (NHSmail or Microsoft 365) of the practice.`,
  microsoftTaken:
    'This Microsoft account is linked to a ChairNotes account already: sign in with Microsoft, then open the invitation link again to join.',
  addressHasAccount:
    'The invited address has a ChairNotes account already: sign in to it, then open the invitation link again to join.',
} as const;

/** What is wrong with an invitation as a link (used, withdrawn, expired), or null when it can be taken. */
function invitationProblem(
  invitation: PracticeInvitationRow | undefined,
  now = Date.now(),
): HttpError | null {
  if (!invitation) return notFound(M.invalidLink);
  if (invitation.acceptedAt) return new HttpError(410, M.used);
  if (invitation.withdrawnAt) return new HttpError(410, M.withdrawn);
  if (invitation.expiresAt.getTime() <= now) return new HttpError(410, M.expired);
  return null;
}

/**
 * A person registered by accepting an invitation with Microsoft: no password (none signs in to it), named
 * after the invited address (the part before '@', a number added while the name is taken); they may rename
 * themselves in their profile.
 */
async function registerWithoutPassword(tx: Tx, email: string): Promise<User> {
  const base = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, USERNAME_MAX - 4);
  const name = base.length >= USERNAME_MIN ? base : `${base}-member`;
  for (let attempt = 1; ; attempt++) {
    const username = attempt === 1 ? name : `${name}${attempt < 10 ? attempt : randomInt(1000, 10_000)}`;
    try {
      return await usersRepo(tx).create({ username, email, passwordHash: '' });
    } catch (error) {
      if (!(error instanceof HttpError && error.message === USERNAME_TAKEN) || attempt >= 12) throw error;
    }
  }
}

/** Practices: members, roles, seats and invitations (docs/architecture.md#practices). */
export function practiceService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = practicesRepo(db);
  const totalSeats = ctx.config.PRACTICE_SEATS;
  const appUrl = ctx.config.APP_URL;
  const emailAddress = emailAddressService(ctx);

  function requireMembership(membership: Membership | null): Membership {
    if (!membership) throw notFound(M.notInPractice);
    return membership;
  }

  /**
   * Runs `work` with the practice locked and the actor's role as it is now (not as the session read it
   * a moment ago), refused unless the role is one of `roles`. Queued mails go out after the commit.
   */
  async function asMember<T>(
    session: UserSession,
    roles: readonly PracticeRole[],
    work: (tx: Tx, practiceId: number, role: PracticeRole, mail: (m: Mail) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const { id: practiceId } = requireMembership(session.practice);
    const queued: QueuedMail[] = [];
    const result = await db.transaction(async (tx) => {
      if (!(await repo.lock(practiceId, tx))) throw notFound(M.notInPractice);
      const me = await repo.member(practiceId, session.user.id, tx);
      if (!me) throw notFound(M.notInPractice);
      if (!roles.includes(me.role)) throw forbidden(roles.includes('admin') ? M.managersOnly : M.ownerOnly);
      return work(tx, practiceId, me.role, async (m) => {
        queued.push(await ctx.mailer.enqueue(tx, m));
      });
    });
    for (const mail of queued) ctx.mailer.deliver(mail);
    return result;
  }

  async function overview(practiceId: number, role: PracticeRole): Promise<PracticeOverview> {
    const practice = await repo.find(practiceId);
    if (!practice) throw notFound(M.notInPractice);
    const owner = await usersRepo(db).findById(practice.ownerId);
    const [members, invitations, used] = await Promise.all([
      repo.members(practiceId),
      isManager(role) ? repo.pendingInvitations(practiceId) : Promise.resolve([]),
      repo.seatsUsed(practiceId),
    ]);
    const status = owner?.subscriptionStatus ?? 'inactive';
    return {
      practice: { id: practice.id, name: practice.name, createdAt: practice.createdAt.toISOString() },
      role,
      members,
      invitations,
      seats: { used, total: totalSeats },
      subscription: {
        status,
        noteAppAccess: owner ? practiceGivesAccess(owner) : false,
      },
      policy: policyOf(practice),
    };
  }

  /** A fresh link for an invitation: its token (for the mail) and what is stored of it. */
  function newLink() {
    const token = randomToken();
    return {
      token,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + PRACTICE_INVITATION_DAYS * DAY_MS),
    };
  }

  async function invitationMail(
    tx: Tx,
    practiceId: number,
    to: string,
    role: string,
    inviter: User,
    link: ReturnType<typeof newLink>,
  ) {
    const practice = await repo.find(practiceId, tx);
    return practiceInvitationMail(
      to,
      {
        practiceName: practice?.name ?? 'a practice',
        invitedBy: inviter.username,
        role,
        expiresAt: link.expiresAt,
        requireTwoFactor: practice?.requireTwoFactor ?? false,
      },
      appUrl,
      link.token,
    );
  }

  /** The invitation used up and its person a member, in the join's transaction, with both events of the trail. */
  /**
   * The invited person takes their seat, recorded in the trail; the owner is told by mail (queued in the
   * transaction: the caller delivers what this answers once it commits).
   */
  async function admit(
    tx: Tx,
    invitation: PracticeInvitationRow,
    user: User,
    client: Client,
  ): Promise<QueuedMail | null> {
    if (!(await repo.acceptInvitation(invitation.id, tx))) throw new HttpError(410, M.used);
    try {
      await repo.addMember(invitation.practiceId, user.id, invitation.role, tx);
    } catch (error) {
      if (uniqueViolation(error) === 'practice_members_user_unique') throw conflict(M.alreadyInOther);
      throw error;
    }
    const { practiceId } = invitation;
    const event = { practiceId, actor: user, detail: invitation.role, client };
    await recordPracticeEvent(tx, {
      ...event,
      action: 'invitation_used',
      subject: { name: invitation.email },
    });
    await recordPracticeEvent(tx, {
      ...event,
      action: 'member_joined',
      subject: { userId: user.id, name: user.username },
    });
    const practice = await repo.find(practiceId, tx);
    const owner = practice && (await usersRepo(tx).findById(practice.ownerId));
    if (!practice || !owner) return null;
    const role = invitation.role;
    return ctx.mailer.enqueue(
      tx,
      practiceMemberJoinedMail(owner, user, { name: practice.name, role }, appUrl),
    );
  }

  /** The invitation a link names, and why it cannot be taken (404, 410), when it cannot. */
  async function named(token: string) {
    const found = await repo.invitationByToken(sha256Hex(token));
    return { found, problem: invitationProblem(found?.invitation) };
  }

  /** The invitation a link names, refused (404, 410) when it cannot be taken. */
  async function takeable(token: string) {
    const { found, problem } = await named(token);
    if (problem || !found) throw problem;
    return found;
  }

  /**
   * What an invitation link is for, with the address in full: for the server's own use (Microsoft is asked
   * to offer that address first); the answer to a link's holder is preview's, masked.
   */
  async function invitationFor(token: string) {
    const found = await takeable(token);
    const { invitation } = found;
    const microsoft: InvitationPreview['microsoft'] = !found.microsoftTenant
      ? 'none'
      : found.requireMicrosoft
        ? 'required'
        : 'offered';
    return {
      practiceId: invitation.practiceId,
      practiceName: found.practiceName,
      email: invitation.email,
      role: invitation.role,
      invitedBy: found.invitedBy ?? 'The practice',
      expiresAt: invitation.expiresAt.toISOString(),
      microsoft,
    };
  }

  return {
    /** The address a still-takeable invitation was sent to; null for any link that could not be taken. */
    async invitedAddress(token: string): Promise<string | null> {
      const { found, problem } = await named(token);
      return found && !problem ? found.invitation.email : null;
    },

    async overview(session: UserSession): Promise<PracticeOverview> {
      const membership = requireMembership(session.practice);
      return overview(membership.id, membership.role);
    },

    async rename(session: UserSession, name: string, client: Client): Promise<PracticeOverview> {
      const { id, role } = await asMember(session, MANAGER_ROLES, async (tx, practiceId, role) => {
        const before = await repo.find(practiceId, tx);
        await repo.rename(practiceId, name, tx);
        const detail = `${before?.name ?? ''} → ${name}`;
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'practice_renamed',
          actor: session.user,
          detail,
          client,
        });
        return { id: practiceId, role };
      });
      return overview(id, role);
    },

    /** Invites an address with a role: a seat is held until the invitation is taken, withdrawn or expires. */
    async invite(
      session: UserSession,
      { email, role }: InvitationRequest,
      client: Client,
    ): Promise<PracticeOverview> {
      const { id, myRole } = await asMember(session, MANAGER_ROLES, async (tx, practiceId, myRole, mail) => {
        const practice = await repo.find(practiceId, tx);
        const owner = practice && (await usersRepo(tx).findById(practice.ownerId));
        if (!owner || !isPracticePlan(owner.plan)) throw conflict(M.practiceEnded);
        const invitee = await usersRepo(tx).findByEmail(email);
        if (invitee && (await repo.member(practiceId, invitee.id, tx))) throw conflict(M.alreadyMember);
        const open = await repo.openInvitationTo(practiceId, email, tx);
        if (open && open.expiresAt.getTime() > Date.now()) throw conflict(M.alreadyInvited);
        if ((await repo.seatsUsed(practiceId, tx)) >= totalSeats) throw conflict(M.noFreeSeats);
        const link = newLink();
        const stored = { tokenHash: link.tokenHash, expiresAt: link.expiresAt, invitedBy: session.user.id };
        // An expired invitation to the same address is renewed rather than kept beside a new one.
        if (open) await repo.reissueInvitation(open.id, { ...stored, role }, tx);
        else await repo.createInvitation({ practiceId, email, role, ...stored }, tx);
        await mail(await invitationMail(tx, practiceId, email, role, session.user, link));
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'invitation_sent',
          actor: session.user,
          subject: { name: email },
          detail: role,
          client,
        });
        return { id: practiceId, myRole };
      });
      return overview(id, myRole);
    },

    async withdraw(session: UserSession, invitationId: number, client: Client): Promise<PracticeOverview> {
      const { id, role } = await asMember(session, MANAGER_ROLES, async (tx, practiceId, role) => {
        const invitation = await repo.withdrawInvitation(practiceId, invitationId, tx);
        if (!invitation) throw notFound(M.noSuchInvitation);
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'invitation_withdrawn',
          actor: session.user,
          subject: { name: invitation.email },
          detail: invitation.role,
          client,
        });
        return { id: practiceId, role };
      });
      return overview(id, role);
    },

    /** A new link (the old one stops working) and a new week. */
    async resend(session: UserSession, invitationId: number, client: Client): Promise<PracticeOverview> {
      const { id, role } = await asMember(session, MANAGER_ROLES, async (tx, practiceId, role, mail) => {
        const invitation = await repo.pendingInvitation(practiceId, invitationId, tx);
        if (!invitation) throw notFound(M.noSuchInvitation);
        const link = newLink();
        await repo.reissueInvitation(
          invitation.id,
          { tokenHash: link.tokenHash, expiresAt: link.expiresAt, invitedBy: session.user.id },
          tx,
        );
        await mail(
          await invitationMail(tx, practiceId, invitation.email, invitation.role, session.user, link),
        );
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'invitation_resent',
          actor: session.user,
          subject: { name: invitation.email },
          detail: invitation.role,
          client,
        });
        return { id: practiceId, role };
      });
      return overview(id, role);
    },

    /** What an invitation link is for, with the address in full: the server's own use, never an answer. */
    invitation: invitationFor,

    /**
     * What an invitation link is for, before the person signs in or joins. The address is masked as the
     * wrong account's refusal masks it: a link forwarded, or opened by a mail scanner, does not give it away.
     */
    async preview(token: string, visitor: UserSession | null): Promise<InvitationPreview> {
      const invitation = await invitationFor(token);
      return {
        ...invitation,
        email: maskEmail(invitation.email),
        forYou: visitor?.user.email === invitation.email,
      };
    },

    /**
     * Joins the practice the link invites to, with the account whose address it was sent to. The link
     * came to that mailbox, so taking it proves the address as a verification link would: it is marked
     * verified here, in the same transaction, and only while it is still the account's (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
     */
    async join(
      session: UserSession,
      token: string,
      client: Client,
      log: FastifyBaseLogger,
    ): Promise<JoinResponse> {
      const { user } = session;
      const { invitation } = await takeable(token);
      if (user.email !== invitation.email) throw forbidden(M.wrongAccount(invitation.email, user.email));
      if (session.practice)
        throw conflict(session.practice.id === invitation.practiceId ? M.alreadyInThis : M.alreadyInOther);
      const { creditOwed, toOwner } = await db.transaction(async (tx) => {
        await repo.lock(invitation.practiceId, tx);
        // Null when the account's address changed since the session was read: the link proves nothing then.
        const proven = await emailAddress.proveAddress(tx, user.id, invitation.email);
        if (!proven) throw forbidden(M.wrongAccount(invitation.email, user.email));
        return { ...proven, toOwner: await admit(tx, invitation, user, client) };
      });
      if (toOwner) ctx.mailer.deliver(toOwner);
      if (creditOwed) await emailAddress.payCredits(log);
      return {
        ...(await overview(invitation.practiceId, invitation.role)),
        ownSubscription: isLiveSubscription(user.subscriptionStatus),
      };
    },

    /**
     * Accepts an invitation by signing in with Microsoft (docs/decisions/094-sign-in-with-microsoft.md): a
     * Microsoft account of the practice's own organisation registers the invited person without a password,
     * linked to that account, and joins them. The link was mailed to the invited address, so the address is
     * proven as by a join (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md);
     * Microsoft's `email` is never read. Refused for a practice without an organisation, another
     * organisation's account, a Microsoft account linked already, or an address that has an account (its
     * owner signs in to it and joins). Answers the new member's id.
     */
    async joinWithMicrosoft(
      identity: MicrosoftIdentity,
      token: string,
      client: Client,
      log: FastifyBaseLogger,
    ): Promise<number> {
      const { invitation, practiceName, microsoftTenant } = await takeable(token);
      if (!microsoftTenant) throw conflict(M.noMicrosoft(practiceName));
      if (identity.tid !== microsoftTenant) throw forbidden(M.otherOrganisation(practiceName));
      const accounts = microsoftAccountsRepo(db);
      if (await accounts.byAccount(identity.tid, identity.oid)) throw conflict(M.microsoftTaken);
      if (await usersRepo(db).findByEmail(invitation.email)) throw conflict(M.addressHasAccount);
      const { user, proven, toOwner } = await db.transaction(async (tx) => {
        await repo.lock(invitation.practiceId, tx);
        const user = await registerWithoutPassword(tx, invitation.email);
        const linked = await microsoftAccountsRepo(tx).link({
          userId: user.id,
          tid: identity.tid,
          oid: identity.oid,
          username: identity.preferredUsername,
        });
        if (!linked) throw conflict(M.microsoftTaken);
        const proven = await emailAddress.proveAddress(tx, user.id, invitation.email);
        return { user, proven, toOwner: await admit(tx, invitation, user, client) };
      });
      if (toOwner) ctx.mailer.deliver(toOwner);
      await securityEventsRepo(db).record({ userId: user.id }, 'microsoft_linked', client);
      if (proven?.creditOwed) await emailAddress.payCredits(log);
      return user.id;
    },

    /** The owner gives a member another role (ownership moves only by a handover). */
    async changeRole(session: UserSession, userId: number, role: 'admin' | 'clinician', client: Client) {
      const { id, myRole } = await asMember(session, ['owner'], async (tx, practiceId, myRole, mail) => {
        const member = await repo.member(practiceId, userId, tx);
        if (!member) throw notFound(M.noSuchMember);
        if (member.role === 'owner') throw conflict('To give the practice to someone else, hand it over.');
        // The role it has already: nothing changes, so the trail records nothing.
        if (member.role === role) return { id: practiceId, myRole };
        await repo.setRole(practiceId, userId, role, tx);
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'role_changed',
          actor: session.user,
          subject: { userId, name: member.username },
          detail: `${member.role} → ${role}`,
          client,
        });
        const practice = await repo.find(practiceId, tx);
        await mail(practiceRoleChangedMail(member, practice?.name ?? 'your practice', role, appUrl));
        return { id: practiceId, myRole };
      });
      return overview(id, myRole);
    },

    /** The owner or an admin removes a member (never the owner); the person is told by mail. */
    async remove(session: UserSession, userId: number, client: Client): Promise<PracticeOverview> {
      if (userId === session.user.id) throw conflict(M.notYourself);
      const { id, role } = await asMember(session, MANAGER_ROLES, async (tx, practiceId, role, mail) => {
        const member = await repo.member(practiceId, userId, tx);
        if (!member) throw notFound(M.noSuchMember);
        if (member.role === 'owner') throw forbidden(M.ownerOnly);
        await repo.removeMember(practiceId, userId, tx);
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'member_removed',
          actor: session.user,
          subject: { userId, name: member.username },
          detail: member.role,
          client,
        });
        const practice = await repo.find(practiceId, tx);
        await mail(practiceRemovedMail(member, practice?.name ?? 'your practice', appUrl));
        return { id: practiceId, role };
      });
      return overview(id, role);
    },

    async leave(session: UserSession, client: Client): Promise<void> {
      await asMember(session, ['admin', 'clinician', 'owner'], async (tx, practiceId, role) => {
        if (role === 'owner') throw conflict(M.ownerCannotLeave);
        await repo.removeMember(practiceId, session.user.id, tx);
        const me = { userId: session.user.id, name: session.user.username };
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'member_left',
          actor: session.user,
          subject: me,
          detail: role,
          client,
        });
      });
    },

    /**
     * Hands the practice over to a member: they become its owner, with its subscription (its Stripe
     * customer, invoices and card), and the giver becomes an admin. A sensitive action.
     */
    async transfer(
      session: UserSession,
      userId: number,
      client: Client,
      log: FastifyBaseLogger,
    ): Promise<PracticeOverview> {
      requireRecentAuth(session);
      if (userId === session.user.id) throw conflict('You already own this practice.');
      const { id, taker } = await asMember(session, ['owner'], async (tx, practiceId, _role, mail) => {
        if (!(await repo.member(practiceId, userId, tx))) throw notFound(M.noSuchMember);
        const taker = await usersRepo(tx).findById(userId);
        if (!taker) throw notFound(M.noSuchMember);
        if (isLiveSubscription(taker.subscriptionStatus))
          throw conflict(
            `${taker.username} pays for a plan of their own: it must end before they can take the practice over.`,
          );
        await billingRepo(tx).moveSubscription(session.user.id, userId, tx);
        await repo.transferOwnership(practiceId, session.user.id, userId, tx);
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'practice_handed_over',
          actor: session.user,
          subject: { userId, name: taker.username },
          client,
        });
        const practice = await repo.find(practiceId, tx);
        await mail(practiceHandedOverMail(taker, practice?.name ?? 'your practice', appUrl));
        return { id: practiceId, taker };
      });
      // Stripe's receipts and invoices go to the new owner from now on. The database already says
      // whose the customer is (the webhook finds them by it), so a failure here is logged, not undone.
      const customerId = (await usersRepo(db).findById(userId))?.stripeCustomerId;
      const billing = ctx.billing;
      if (customerId && billing) {
        await stripeCall(() =>
          billing.stripe.customers.update(customerId, {
            email: taker.email,
            name: taker.username,
            metadata: { userId: String(taker.id) },
          }),
        ).catch((error) =>
          log.warn({ err: error, customerId }, 'handover: the Stripe customer kept its old details'),
        );
      }
      return overview(id, 'admin');
    },

    /** Before a subscription starts or changes plan: a person is in one practice, and an owner keeps theirs while it has members. */
    async checkPlanChoice(membership: Membership | null, planId: PaidPlanId): Promise<void> {
      if (!membership) return;
      if (isPracticePlan(planId) && membership.role !== 'owner') throw conflict(M.memberElsewhere);
      if (
        planId === 'pro' &&
        membership.role === 'owner' &&
        (await repo.membersButOwner(membership.id)).length
      )
        throw conflict(M.ownerHasMembers);
    },

    /** Before an account is deleted: an owner hands over or removes the others first. */
    async checkAccountDeletion(membership: Membership | null): Promise<void> {
      if (membership?.role === 'owner' && (await repo.membersButOwner(membership.id)).length)
        throw conflict(M.ownerHasMembers);
    },
  };
}
