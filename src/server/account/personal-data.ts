import { and, desc, eq, gte } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../shared/brand';
import type { Db } from '../db/client';
import {
  cancellations,
  contactMessages,
  outbox,
  passkeys,
  practiceInvitations,
  practiceMembers,
  practices,
  referralInvitations,
  referrals,
  subscribers,
  type User,
  userSessions,
  users,
} from '../db/schema';
import { noteReportsRepo } from '../note-reports/note-reports-repo';

/**
 * Everything we hold about one person (UK GDPR right of access), as one JSON document. The password
 * hash and session tokens are left out: they are secrets, not information about the person, and
 * exporting them would only make a leaked file more dangerous.
 */
export async function personalData(db: Db, user: User) {
  // Newsletter and contact rows are matched by address only: until the person has proved the address
  // is theirs, they could be a stranger's (someone who registered with another person's email).
  const byOwnedEmail = <T>(rows: () => Promise<T[]>) => (user.emailVerified ? rows() : Promise.resolve([]));
  const [
    sessions,
    made,
    joinedThrough,
    invitations,
    newsletter,
    messages,
    mails,
    keys,
    practice,
    invitedOthers,
    cancelled,
    notes,
  ] = await Promise.all([
    db
      .select({ createdAt: userSessions.createdAt, expiresAt: userSessions.expiresAt })
      .from(userSessions)
      .where(eq(userSessions.userId, user.id)),
    db
      .select({
        friendEmail: referrals.friendEmail,
        status: referrals.status,
        createdAt: referrals.createdAt,
        completedAt: referrals.completedAt,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, user.id)),
    db
      .select({
        referrer: users.username,
        referralCode: referrals.referralCode,
        status: referrals.status,
        createdAt: referrals.createdAt,
        completedAt: referrals.completedAt,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referrerId))
      .where(eq(referrals.friendUserId, user.id)),
    db
      .select({ friendEmail: referralInvitations.friendEmail, sentAt: referralInvitations.createdAt })
      .from(referralInvitations)
      .where(eq(referralInvitations.referrerId, user.id)),
    byOwnedEmail(() =>
      db
        .select({ subscribedAt: subscribers.createdAt })
        .from(subscribers)
        .where(eq(subscribers.email, user.email)),
    ),
    byOwnedEmail(() =>
      db
        .select({
          kind: contactMessages.kind,
          name: contactMessages.name,
          practice: contactMessages.practice,
          message: contactMessages.message,
          sentAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.email, user.email)),
    ),
    db
      .select({ subject: outbox.subject, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(
        // Mails sent to an unproven address before the account existed were a stranger's.
        user.emailVerified
          ? eq(outbox.to, user.email)
          : and(eq(outbox.to, user.email), gte(outbox.createdAt, user.createdAt)),
      )
      .orderBy(desc(outbox.createdAt)),
    // Their names and use, not the public keys (which say nothing about the person).
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id)),
    db
      .select({ name: practices.name, role: practiceMembers.role, joinedAt: practiceMembers.joinedAt })
      .from(practiceMembers)
      .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
      .where(eq(practiceMembers.userId, user.id)),
    // The addresses they invited to a practice: data they gave us.
    db
      .select({
        email: practiceInvitations.email,
        role: practiceInvitations.role,
        sentAt: practiceInvitations.createdAt,
        acceptedAt: practiceInvitations.acceptedAt,
      })
      .from(practiceInvitations)
      .where(eq(practiceInvitations.invitedBy, user.id)),
    // Why they cancelled, in their words, when they said.
    db
      .select({
        plan: cancellations.plan,
        reason: cancellations.reason,
        comment: cancellations.comment,
        at: cancellations.createdAt,
      })
      .from(cancellations)
      .where(eq(cancellations.userId, user.id)),
    // What the note app reported of each note they finished (never the note itself).
    noteReportsRepo(db).ofClinician(user.id),
  ]);

  return {
    exportedAt: new Date().toISOString(),
    service: PRODUCT_NAME,
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      /** The terms of service and privacy policy agreed to at registration: their version, and when. */
      termsAccepted: user.termsVersion ? { version: user.termsVersion, at: user.termsAcceptedAt } : null,
      role: user.role,
      lastLoginAt: user.lastLoginAt,
      lastLoginIp: user.lastLoginIp,
      loginCount: user.loginCount,
      consecutiveLogins: user.consecutiveLogins,
    },
    subscription: {
      plan: user.plan,
      status: user.subscriptionStatus,
      trialEndsAt: user.trialEndsAt,
      currentPeriodEnd: user.currentPeriodEnd,
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      pausedUntil: user.pausedUntil,
      hasDiscount: user.hasDiscount,
      hadTrial: user.hadTrial,
      paymentProviderCustomerId: user.stripeCustomerId,
      billingDetails: user.billingDetails,
      cancellations: cancelled,
    },
    referrals: {
      referralCode: user.referralCode,
      freeMonthsEarned: user.referralCredits,
      referralsMade: made,
      joinedThroughReferral: joinedThrough[0] ?? null,
      invitationsSent: invitations,
    },
    practice: { membership: practice[0] ?? null, invitationsSent: invitedOthers },
    signedInDevices: sessions,
    passkeys: keys,
    newsletter: newsletter[0] ?? null,
    contactMessages: messages,
    emailsSentToYou: mails,
    noteReports: notes,
  };
}
