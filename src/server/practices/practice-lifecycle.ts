import { isLiveSubscription, isPracticePlan } from '../../shared/access';
import { PRACTICE_NAME_MAX } from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Mail } from '../mail/mailer';
import { practiceEndedMail, practiceSubscriptionChangedMail } from '../mail/templates';
import { recordPracticeEvent } from './audit';
import { membershipOf } from './membership';
import { practicesRepo } from './practices-repo';

// How a practice follows its owner's subscription (docs/architecture.md#practices). Called wherever the
// subscription state is written (billing/sync.ts), in the same transaction.

/**
 * A new practice's name: the practice or business its invoices are made out to (the billing details
 * asked before the card), else its owner's; the owner may rename it
 * (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md).
 */
function newPracticeName(owner: User): string {
  const billed = owner.billingDetails?.name.trim().slice(0, PRACTICE_NAME_MAX).trim();
  return billed || `${owner.username}'s practice`;
}

/**
 * The Practice plan makes its subscriber the owner of a practice (named as above until renamed);
 * moving to Plus ends a practice nobody else is in. A practice whose subscription merely ended is
 * kept, members and all, for the owner to take up again.
 */
export async function reconcilePractice(tx: Db | Tx, owner: User): Promise<void> {
  const repo = practicesRepo(tx);
  if (isPracticePlan(owner.plan)) {
    // A member of someone else's practice is refused the Practice plan before it starts
    // (practice-service.ts); should Stripe say otherwise, they stay where they are.
    if (!(await membershipOf(tx, owner.id))) {
      const name = newPracticeName(owner);
      const practiceId = await repo.createForOwner(owner.id, name, tx);
      // By the subscription's webhook: from no browser.
      if (practiceId)
        await recordPracticeEvent(tx, {
          practiceId,
          action: 'practice_created',
          actor: owner,
          detail: name,
          client: null,
        });
    }
  } else if (owner.plan === 'pro') {
    await repo.deleteIfAlone(owner.id, tx);
  }
}

/**
 * The mails to the members of `owner`'s practice when its subscription has ended: once per end,
 * whichever event or sync saw it first (the practice row remembers), and again after a new start.
 */
export async function practiceEndNotices(tx: Db | Tx, owner: User, appUrl: string): Promise<Mail[]> {
  const repo = practicesRepo(tx);
  const practice = await repo.ownedBy(owner.id, tx);
  if (!practice) return [];
  const ended = !isLiveSubscription(owner.subscriptionStatus);
  if (!ended) {
    if (practice.endedNoticeAt) await repo.setEndedNotice(practice.id, null, tx);
    return [];
  }
  if (practice.endedNoticeAt) return [];
  await repo.setEndedNotice(practice.id, new Date(), tx);
  const members = await repo.membersButOwner(practice.id, tx);
  return members.map((member) => practiceEndedMail(member, practice.name, appUrl));
}

/** What an owner did to the practice's subscription that changes its members' note app. */
export type PracticeSubscriptionChange = 'frozen' | 'resumed' | 'cancelled' | 'kept';

/** The practice `owner` owns and everyone in it but them, or null when they own none. */
async function ownedPracticeMembers(db: Db | Tx, owner: User) {
  const repo = practicesRepo(db);
  const practice = await repo.ownedBy(owner.id, db);
  return practice ? { practice, members: await repo.membersButOwner(practice.id, db) } : null;
}

/** How many people the owner's practice covers besides the owner: what freezing or cancelling takes from. */
export async function practiceMembersCovered(db: Db | Tx, owner: User): Promise<number> {
  return (await ownedPracticeMembers(db, owner))?.members.length ?? 0;
}

/**
 * The mails to the members of `owner`'s practice after the owner froze, resumed, cancelled or kept its
 * subscription: their note app follows it (issue 44), so each hears what and until when.
 */
export async function practiceSubscriptionNotices(
  db: Db | Tx,
  owner: User,
  change: PracticeSubscriptionChange,
  appUrl: string,
): Promise<Mail[]> {
  const owned = await ownedPracticeMembers(db, owner);
  if (!owned) return [];
  const until =
    change === 'frozen' ? owner.pausedUntil : change === 'cancelled' ? owner.currentPeriodEnd : null;
  return owned.members.map((member) =>
    practiceSubscriptionChangedMail(member, owned.practice.name, change, until, appUrl),
  );
}
