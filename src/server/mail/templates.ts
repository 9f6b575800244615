import { PRODUCT_NAME } from '../../shared/brand';
import {
  type BillingInterval,
  EMAIL_LINK_HOURS,
  FREEZE_DAYS,
  type InvitedRole,
  NOTE_APP_TOKEN_MINUTES,
  type PlanId,
  ROLE_DESCRIPTIONS,
  TRIAL_DAYS,
} from '../../shared/constants';
import {
  findPlan,
  formatMonthly,
  formatPounds,
  formatPrice,
  monthlyAmount,
  priceFor,
  VAT_INCLUDED,
} from '../../shared/plans';
import type { ContactMessage } from '../../shared/schemas/marketing';
import type { Mail } from './mailer';

// Every mail the product sends, in one place: its wording, its links and its headers.

type Person = { username: string; email: string };

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function passwordResetMail(user: Person, appUrl: string, token: string): Mail {
  return {
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hello ${user.username},`,
      '',
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new one, open this link within one hour:`,
      `${appUrl}/reset-password?token=${token}`,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

const emailLink = (appUrl: string, token: string) => `${appUrl}/verify-email?token=${token}`;

export function verifyEmailMail(user: Person, appUrl: string, token: string): Mail {
  return {
    to: user.email,
    subject: `Verify your ${PRODUCT_NAME} email address`,
    text: [
      `Hello ${user.username},`,
      '',
      `Please confirm that this address is yours by opening this link within ${EMAIL_LINK_HOURS} hours:`,
      emailLink(appUrl, token),
      '',
      `If you did not create a ${PRODUCT_NAME} account, ignore this email.`,
    ].join('\n'),
  };
}

/** To the new address of an email change: the change applies only when this link is opened. */
export function confirmEmailChangeMail(user: Person, newEmail: string, appUrl: string, token: string): Mail {
  return {
    to: newEmail,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: [
      `Hello ${user.username},`,
      '',
      `To make this address the email of your ${PRODUCT_NAME} account, open this link within ${EMAIL_LINK_HOURS} hours:`,
      emailLink(appUrl, token),
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}

/** To the old address once an email change applied: the way back if it was not the owner. */
export function emailChangedMail(user: Person, newEmail: string, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    text: [
      `Hello ${user.username},`,
      '',
      `The email address of your ${PRODUCT_NAME} account is now ${newEmail}, and every other device was signed out.`,
      '',
      'If this was not you, secure your account now: reset your password from this page,',
      `${appUrl}/forgot-password`,
      `and tell us at ${appUrl}/contact so we can give the account back to you.`,
    ].join('\n'),
  };
}

/** An admin ended every session of the account (the person may have asked, or it looked taken over). */
export function sessionsEndedByAdminMail(user: Person, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `You were signed out of ${PRODUCT_NAME} on every device`,
    text: [
      `Hello ${user.username},`,
      '',
      `${PRODUCT_NAME} support signed your account out on every device and in the note app. Sign in again to carry on: ${appUrl}/auth`,
      '',
      'If you did not ask for this, change your password from the Security tab of your account,',
      `and tell us at ${appUrl}/contact.`,
    ].join('\n'),
  };
}

/** Said when a first second factor signed out the devices that had signed in with the password alone. */
const OTHERS_SIGNED_OUT =
  ' Every other device that was signed in to your account has been signed out: sign in there again.';

/**
 * A passkey was added to or removed from the account. The subject is ours alone; the passkey's name
 * (chosen by whoever was signed in) appears only in the body, quoted, so the owner can tell which.
 */
/**
 * `kind`: an admin's passkey (the admin area has no Security tab: their way back is the other admins).
 * `recoveryCodesMade`: the passkey came with a new set of recovery codes, shown once.
 */
export function passkeyChangedMail(
  person: Person,
  change: 'added' | 'removed',
  passkeyName: string,
  appUrl: string,
  {
    kind = 'user',
    othersSignedOut = false,
    recoveryCodesMade = false,
  }: { kind?: 'user' | 'admin'; othersSignedOut?: boolean; recoveryCodesMade?: boolean } = {},
): Mail {
  const added = change === 'added';
  const account = kind === 'admin' ? `${PRODUCT_NAME} admin account` : `${PRODUCT_NAME} account`;
  return {
    to: person.email,
    subject: added ? `A passkey was added to your ${account}` : `A passkey was removed from your ${account}`,
    text: [
      `Hello ${person.username},`,
      '',
      added
        ? `A passkey named "${passkeyName}" was added to your ${account}. It can now be used to sign in, and a sign-in with your password asks for it too.${recoveryCodesMade ? ' Keep the recovery codes you were shown somewhere safe: without the passkey, your password and one of them sign you in.' : ''}${othersSignedOut ? OTHERS_SIGNED_OUT : ''}`
        : `The passkey named "${passkeyName}" was removed from your ${account}. It can no longer be used to sign in.`,
      '',
      ...(kind === 'admin'
        ? [
            'If this was not you, tell the other admins at once: someone has your admin password.',
            `${appUrl}/admin`,
          ]
        : [
            'If this was not you, change your password and review your passkeys in the Security tab of your account:',
            `${appUrl}/account?tab=security`,
            `and tell us at ${appUrl}/contact.`,
          ]),
    ].join('\n'),
  };
}

/** The page that confirms an unsubscribe (the client's paths.newsletterUnsubscribe). */
export const newsletterUnsubscribePage = (token: string) =>
  `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export function newsletterWelcomeMail(email: string, appUrl: string, unsubscribeToken: string): Mail {
  // The link opens a page that asks; the header is for the mail app's own button (RFC 2369), which
  // may POST to it in one click (RFC 8058).
  const page = `${appUrl}${newsletterUnsubscribePage(unsubscribeToken)}`;
  const oneClick = `${appUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  return {
    to: email,
    subject: `You're subscribed to ${PRODUCT_NAME} news`,
    text: [
      `Thanks for subscribing to ${PRODUCT_NAME} news. We write when there is something worth reading: new features, tips for better notes, and offers.`,
      '',
      `To unsubscribe at any time, open: ${page}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * 'Need more seats?' from a practice, to the admins' address; a reply goes to the person who asked. The
 * practice's name is chosen by a person: it stays out of the subject.
 */
export function seatRequestMail(
  adminsEmail: string,
  request: {
    practice: { id: number; name: string; seats: number; used: number };
    owner: { username: string; email: string; plan: string } | null;
    requester: Person;
    seats: number;
    message: string;
  },
): Mail {
  const { practice, owner, requester } = request;
  return {
    to: adminsEmail,
    replyTo: requester.email,
    subject: `Seat request: practice #${practice.id} asks for ${request.seats} seats`,
    text: [
      `Practice: ${practice.name} (#${practice.id})`,
      `Seats: ${practice.used} of ${practice.seats} used; asks for ${request.seats} in all`,
      `Owner: ${owner ? `${owner.username} <${owner.email}>, plan ${owner.plan}` : '(none)'}`,
      `Asked by: ${requester.username} <${requester.email}>`,
      '',
      request.message || '(no message)',
    ].join('\n'),
  };
}

/** A contact or demo request, to the sales address; a reply goes to the sender. */
export function contactMail(salesEmail: string, message: ContactMessage): Mail {
  const { kind, name, email, practice } = message;
  return {
    to: salesEmail,
    replyTo: email,
    subject: kind === 'demo' ? `Demo request from ${name}` : `Contact form: ${name}`,
    text: [
      `From: ${name} <${email}>`,
      `Practice: ${practice || '(not given)'}`,
      `Kind: ${kind}`,
      '',
      message.message,
    ].join('\n'),
  };
}

export function referralInvitationMail(
  referrer: Person & { referralCode: string | null },
  friendEmail: string,
  appUrl: string,
): Mail {
  return {
    to: friendEmail,
    replyTo: referrer.email,
    // The subject is ours alone: a username there would let anyone write subjects to any address.
    subject: `You're invited to try ${PRODUCT_NAME}, with a month free`,
    text: [
      `${referrer.username} uses ${PRODUCT_NAME}, which writes dental clinical notes from appointment audio, and thinks you would like it too.`,
      '',
      `Start your ${TRIAL_DAYS}-day free trial with their code ${referrer.referralCode} and you both get a month free:`,
      `${appUrl}/auth?ref=${referrer.referralCode}`,
    ].join('\n'),
  };
}

/**
 * A referral of theirs completed (the colleague paid): the referrer hears whether they earned a month,
 * and if not, why (referrals/rewards.ts referralOutcome). The colleague is named by their masked address.
 */
export function referralCompletedMail(
  referrer: Person,
  friend: string,
  outcome: { reward: 'earned' | 'held' | 'none' | null; explanation: string },
  appUrl: string,
): Mail {
  return {
    to: referrer.email,
    subject:
      outcome.reward === 'earned'
        ? `You earned a free month of ${PRODUCT_NAME}`
        : `Your ${PRODUCT_NAME} referral is complete`,
    text: [
      `Hello ${referrer.username},`,
      '',
      `The colleague you referred (${friend}) has made their first payment: your referral is complete.`,
      '',
      outcome.explanation,
      '',
      `Your referrals, and what each earned: ${appUrl}/refer`,
    ].join('\n'),
  };
}

/**
 * What their plan costs each period, as every price is shown ('£99.80/month inc. VAT', '£998.00/year
 * inc. VAT' on a yearly plan), or 'monthly'.
 */
function monthlyPrice(
  user: Person & { plan?: PlanId; hasDiscount?: boolean; billingInterval?: BillingInterval },
): string {
  if (user.plan && user.billingInterval === 'year') return formatPrice(priceFor(user.plan, 'year'), 'year');
  const amount = user.plan ? monthlyAmount(user.plan, user.hasDiscount ?? false) : 0;
  return amount > 0 ? formatMonthly(amount) : 'monthly';
}

export function trialEndingMail(
  user: Person & { plan?: PlanId; hasDiscount?: boolean },
  trialEndsAt: Date,
  appUrl: string,
): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} trial ends on ${longDate.format(trialEndsAt)}`,
    text: [
      `Hello ${user.username},`,
      '',
      `Your free trial ends on ${longDate.format(trialEndsAt)}. After that your card is charged ${monthlyPrice(user)}; you can cancel any time before then from your account:`,
      `${appUrl}/account`,
    ].join('\n'),
  };
}

type Subscriber = Person & { plan?: PlanId; hasDiscount?: boolean };
const subscriptionTab = (appUrl: string) => `${appUrl}/account?tab=subscription`;

/** The trial began with a confirmed card: when it ends, and what is charged after it. */
export function trialStartedMail(user: Subscriber, trialEndsAt: Date, appUrl: string): Mail {
  const plan = user.plan ? findPlan(user.plan)?.name : undefined;
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} free trial has started`,
    text: [
      `Hello ${user.username},`,
      '',
      `Your free trial of ${PRODUCT_NAME}${plan ? ` ${plan}` : ''} has started. Nothing is charged until it ends on ${longDate.format(trialEndsAt)}; after that your card is charged ${monthlyPrice(user)}.`,
      '',
      `To stop before then, cancel from your account and you will not be charged: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/** A payment taken: what was paid, the VAT in it, and the invoice. Amounts in pence, as Stripe gives them. */
export function paymentReceivedMail(
  user: Person,
  invoice: { number: string | null; paid: number; total: number; vat: number; url: string | null },
  appUrl: string,
): Mail {
  const pounds = (pence: number) => formatPounds(pence / 100);
  return {
    to: user.email,
    subject: `Payment received: ${pounds(invoice.paid)} for ${PRODUCT_NAME}`,
    text: [
      `Hello ${user.username},`,
      '',
      `Thank you: we received your payment of ${pounds(invoice.paid)}${invoice.number ? ` for invoice ${invoice.number}` : ''}.`,
      `Invoice total ${pounds(invoice.total)}: ${pounds(invoice.total - invoice.vat)} plus ${pounds(invoice.vat)} VAT.`,
      '',
      ...(invoice.url ? ['Your receipt and VAT invoice:', invoice.url, ''] : []),
      `All your invoices are in your account: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/** The note app stays open until `accessUntil` (docs/decisions/066-failed-renewal-grace-and-money-mails.md); said the same way in each mail. */
const accessLine = (accessUntil: Date | null) =>
  accessUntil
    ? `The note app stays open to you until ${longDate.format(accessUntil)}; if the payment is not made by then, it closes until it is.`
    : 'The note app is closed to you until it is paid.';

/** A renewal the card's bank wants confirmed (SCA): until then it is not paid. */
export function paymentActionRequiredMail(
  user: Person,
  confirmUrl: string,
  accessUntil: Date | null,
  appUrl: string,
): Mail {
  return {
    to: user.email,
    subject: `Your bank asks you to confirm your ${PRODUCT_NAME} payment`,
    text: [
      `Hello ${user.username},`,
      '',
      "Your card's bank wants you to confirm this month's payment before it goes through. Pay it on Stripe's secure page:",
      confirmUrl,
      '',
      accessLine(accessUntil),
      `Your account shows the same link: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

export function paymentFailedMail(user: Person, accessUntil: Date | null, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} payment failed`,
    text: [
      `Hello ${user.username},`,
      '',
      'We could not take your latest payment.',
      accessLine(accessUntil),
      '',
      `Please update your card, and we take the payment from it at once: ${subscriptionTab(appUrl)}`,
      '',
      'We will also try the payment again in a few days.',
    ].join('\n'),
  };
}

/** A cancellation at the period's end, confirmed: the date access ends, and the way to keep it. */
export function cancellationConfirmedMail(user: Person, endsAt: Date | null, appUrl: string): Mail {
  const ends = endsAt ? longDate.format(endsAt) : 'the end of the current period';
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} subscription is cancelled: it ends on ${ends}`,
    text: [
      `Hello ${user.username},`,
      '',
      `As you asked, your ${PRODUCT_NAME} subscription is cancelled. You keep full access until ${ends}, and you will not be charged again.`,
      '',
      `Changed your mind? Keep your subscription from your account before then: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/** A cancellation undone before it took effect: the subscription goes on, as the person asked. */
export function cancellationUndoneMail(user: Person, renewsAt: Date | null, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} subscription continues`,
    text: [
      `Hello ${user.username},`,
      '',
      `As you asked, your ${PRODUCT_NAME} subscription is no longer cancelled: it goes on as before${
        renewsAt ? `, and renews on ${longDate.format(renewsAt)}` : ''
      }.`,
      '',
      `Your subscription: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/**
 * A freeze (docs/decisions/066-failed-renewal-grace-and-money-mails.md): what it means, and the date it ends
 * by itself.
 */
export function subscriptionFrozenMail(
  user: Person & { billingInterval?: BillingInterval; currentPeriodEnd?: Date | null },
  resumesAt: Date | null,
  appUrl: string,
): Mail {
  const resumes = resumesAt ? longDate.format(resumesAt) : `in ${FREEZE_DAYS} days`;
  // A yearly plan's freeze moves its renewal (docs/decisions/096-yearly-plans.md): the date is news to them.
  const renewal =
    user.billingInterval === 'year' && user.currentPeriodEnd
      ? [
          `Your yearly renewal moves ${FREEZE_DAYS} days later, to ${longDate.format(user.currentPeriodEnd)}: the frozen days are added to your year.`,
        ]
      : [];
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} subscription is frozen until ${resumes}`,
    text: [
      `Hello ${user.username},`,
      '',
      `Your ${PRODUCT_NAME} subscription is frozen. The note app is closed to you until it resumes, and nothing is charged for ${FREEZE_DAYS} days.`,
      ...renewal,
      `It resumes by itself on ${resumes}; you can resume it earlier from your account: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/**
 * The yearly plan's retention offer taken (docs/decisions/096-yearly-plans.md): the year paid for stays,
 * and monthly billing starts when it would have renewed.
 */
export function monthlyFromYearEndMail(
  user: Person & { plan: PlanId },
  from: Date | null,
  appUrl: string,
): Mail {
  const when = from ? longDate.format(from) : 'the end of your year';
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} plan is billed monthly from ${when}`,
    text: [
      `Hello ${user.username},`,
      '',
      `You chose to pay monthly instead of cancelling. Your year of ${PRODUCT_NAME} ${findPlan(user.plan)?.name ?? user.plan} is paid for and stays as it is; nothing was charged now.`,
      `From ${when} you pay ${formatMonthly(priceFor(user.plan, 'month'))}, and you can cancel any month from your account: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

export function subscriptionResumedMail(user: Subscriber, nextPaymentAt: Date | null, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} subscription has resumed`,
    text: [
      `Hello ${user.username},`,
      '',
      `Your ${PRODUCT_NAME} subscription has resumed: the note app is open to you again.`,
      nextPaymentAt
        ? `Your next payment of ${monthlyPrice(user)} is on ${longDate.format(nextPaymentAt)}.`
        : `Your payments of ${monthlyPrice(user)} start again.`,
      '',
      `Your subscription: ${subscriptionTab(appUrl)}`,
    ].join('\n'),
  };
}

/** A change to how the account signs in: the person hears of each, with the way back if it was not them. */
function secondFactorMail(person: Person, subject: string, what: string, appUrl: string): Mail {
  return {
    to: person.email,
    subject,
    text: [
      `Hello ${person.username},`,
      '',
      what,
      '',
      'If this was not you, change your password now from the Security tab of your account,',
      `or reset it at ${appUrl}/forgot-password, and tell us at ${appUrl}/contact.`,
    ].join('\n'),
  };
}

export const passwordChangedMail = (person: Person, appUrl: string) =>
  secondFactorMail(
    person,
    `Your ${PRODUCT_NAME} password was changed`,
    `The password of your ${PRODUCT_NAME} account was changed. Every other device signed in to it, and the note app on each, was signed out.`,
    appUrl,
  );

export const twoFactorEnabledMail = (person: Person, appUrl: string, othersSignedOut = false) =>
  secondFactorMail(
    person,
    `Two-factor sign-in was turned on for your ${PRODUCT_NAME} account`,
    `Two-factor sign-in is now on for your ${PRODUCT_NAME} account: signing in asks for a code from your authenticator app after your password. Keep your recovery codes somewhere safe.${othersSignedOut ? OTHERS_SIGNED_OUT : ''}`,
    appUrl,
  );

/** `passkeysRemain`: only the app was turned off; the passkeys (and recovery codes) still guard the account. */
export const twoFactorDisabledMail = (person: Person, appUrl: string, passkeysRemain = false) =>
  passkeysRemain
    ? secondFactorMail(
        person,
        `The authenticator app was turned off for your ${PRODUCT_NAME} account`,
        `The authenticator app no longer signs you in to your ${PRODUCT_NAME} account. Two-factor sign-in stays on with your passkeys: after your password, use a passkey or one of your recovery codes.`,
        appUrl,
      )
    : secondFactorMail(
        person,
        `Two-factor sign-in was turned off for your ${PRODUCT_NAME} account`,
        `Two-factor sign-in is now off for your ${PRODUCT_NAME} account: signing in asks only for your password.`,
        appUrl,
      );

export const recoveryCodesRegeneratedMail = (person: Person, appUrl: string) =>
  secondFactorMail(
    person,
    `New recovery codes were made for your ${PRODUCT_NAME} account`,
    `A new set of recovery codes was made for your ${PRODUCT_NAME} account. The old codes no longer work.`,
    appUrl,
  );

export const recoveryCodeUsedMail = (person: Person, left: number, appUrl: string) =>
  secondFactorMail(
    person,
    `A recovery code was used on your ${PRODUCT_NAME} account`,
    `A recovery code was used to sign in to your ${PRODUCT_NAME} account. ${left} unused code${left === 1 ? '' : 's'} remain${left === 1 ? 's' : ''}; you can make a new set in the Security tab.`,
    appUrl,
  );

// Practices (docs/architecture.md#practices). The practice's name is chosen by a person: it stays out of subjects.

/** "an admin" / "a clinician": the role an invitation or a change gives, in a sentence. */
const asRole = (role: string) => (role === 'admin' ? 'an admin' : 'a clinician');

export function practiceInvitationMail(
  to: string,
  invitation: {
    practiceName: string;
    invitedBy: string;
    role: string;
    expiresAt: Date;
    requireTwoFactor: boolean;
  },
  appUrl: string,
  token: string,
): Mail {
  return {
    to,
    subject: `You are invited to join a practice on ${PRODUCT_NAME}`,
    text: [
      'Hello,',
      '',
      `${invitation.invitedBy} invites you to join ${invitation.practiceName} on ${PRODUCT_NAME} as ${asRole(invitation.role)}. Members use ${PRODUCT_NAME} on the practice's subscription.`,
      '',
      `To join, open this link by ${longDate.format(invitation.expiresAt)} and sign in or create an account with this email address:`,
      `${appUrl}/practice/join?token=${token}`,
      '',
      // Said before they join, so that the closed note app is no surprise (docs/decisions/092-a-practice-sign-in-policy.md).
      ...(invitation.requireTwoFactor
        ? [
            `${invitation.practiceName} asks everyone to sign in with a second factor (an authenticator app or a passkey): the note app opens for you once you have turned one on.`,
            '',
          ]
        : []),
      'If you do not know this practice, ignore this email.',
    ].join('\n'),
  };
}

/** The owner hears that someone they invited has joined, and takes a seat. */
export function practiceMemberJoinedMail(
  owner: Person,
  member: Person,
  practice: { name: string; role: string },
  appUrl: string,
): Mail {
  return {
    to: owner.email,
    subject: `${member.username} joined ${practice.name} on ${PRODUCT_NAME}`,
    text: [
      `Hello ${owner.username},`,
      '',
      `${member.username} (${member.email}) accepted the invitation and joined ${practice.name} as ${asRole(practice.role)}: they use ${PRODUCT_NAME} on the practice's subscription, in one of its seats. If you did not expect this, remove them on the practice page:`,
      `${appUrl}/practice`,
    ].join('\n'),
  };
}

/** A member hears that the owner gave them another role, and what it lets them do. */
export function practiceRoleChangedMail(
  person: Person,
  practiceName: string,
  role: InvitedRole,
  appUrl: string,
): Mail {
  return {
    to: person.email,
    subject: `Your role in ${practiceName} has changed`,
    text: [
      `Hello ${person.username},`,
      '',
      `The owner of ${practiceName} made you ${asRole(role)} of the practice.`,
      `What it allows: ${ROLE_DESCRIPTIONS[role]}`,
      `${appUrl}/practice`,
    ].join('\n'),
  };
}

export function practiceRemovedMail(person: Person, practiceName: string, appUrl: string): Mail {
  return {
    to: person.email,
    subject: `You are no longer in a practice on ${PRODUCT_NAME}`,
    text: [
      `Hello ${person.username},`,
      '',
      `You were removed from ${practiceName}, so its subscription no longer gives you ${PRODUCT_NAME}. Your account and your own plan, if you have one, stay as they are:`,
      `${appUrl}/account`,
    ].join('\n'),
  };
}

export function practiceEndedMail(person: Person, practiceName: string, appUrl: string): Mail {
  return {
    to: person.email,
    subject: `Your practice's ${PRODUCT_NAME} subscription has ended`,
    text: [
      `Hello ${person.username},`,
      '',
      `The subscription of ${practiceName} has ended, so it no longer gives you ${PRODUCT_NAME}. Ask the practice's owner about it, or choose a plan of your own:`,
      `${appUrl}/pricing`,
    ].join('\n'),
  };
}

/**
 * A member hears that the owner froze, resumed, cancelled or kept the practice's subscription: their note
 * app follows it. `until`: when a freeze ends, or when a cancelled subscription does.
 */
export function practiceSubscriptionChangedMail(
  person: Person,
  practiceName: string,
  change: 'frozen' | 'resumed' | 'cancelled' | 'kept',
  until: Date | null,
  appUrl: string,
): Mail {
  const on = until ? ` on ${longDate.format(until)}` : '';
  const words = {
    frozen: {
      subject: `Your practice's ${PRODUCT_NAME} subscription is frozen`,
      body: `The owner of ${practiceName} froze its subscription: the note app is closed to you until it resumes${on}, by itself, or sooner if the owner resumes it.`,
    },
    resumed: {
      subject: `Your practice's ${PRODUCT_NAME} subscription is active again`,
      body: `The owner of ${practiceName} resumed its subscription: the note app is open to you again.`,
    },
    cancelled: {
      subject: `Your practice's ${PRODUCT_NAME} subscription is ending`,
      body: `The owner of ${practiceName} cancelled its subscription. The note app stays open to you until it ends${on}; after that it closes, unless the owner keeps the subscription. Ask them, or choose a plan of your own:`,
    },
    kept: {
      subject: `Your practice's ${PRODUCT_NAME} subscription continues`,
      body: `The owner of ${practiceName} kept its subscription after all: the note app stays open to you.`,
    },
  }[change];
  return {
    to: person.email,
    subject: words.subject,
    text: [
      `Hello ${person.username},`,
      '',
      words.body,
      change === 'cancelled' ? `${appUrl}/pricing` : `${appUrl}/account?tab=subscription`,
    ].join('\n'),
  };
}

export function practiceHandedOverMail(person: Person, practiceName: string, appUrl: string): Mail {
  return {
    to: person.email,
    subject: `You now own a practice on ${PRODUCT_NAME}`,
    text: [
      `Hello ${person.username},`,
      '',
      `${practiceName} was handed over to you: you are now its owner, and its subscription and invoices are yours. Check the card it is paid with in your account:`,
      `${appUrl}/account?tab=subscription`,
    ].join('\n'),
  };
}

/** A yearly plan says so; monthly is said when it is news, after a yearly one. */
const billedEvery = (interval: BillingInterval, before: BillingInterval) =>
  interval === 'year' ? ', billed once a year' : before === 'year' ? ', billed monthly' : '';

export function planChangedMail(
  person: Person,
  change: {
    planName: string;
    amountNow: number;
    formatted: string;
    interval: BillingInterval;
    /** The interval before the change. */
    intervalBefore: BillingInterval;
  },
  appUrl: string,
): Mail {
  const money =
    change.amountNow > 0
      ? `${change.formatted} (${VAT_INCLUDED}) was charged now for the rest of this period.`
      : change.amountNow < 0
        ? `${change.formatted} (${VAT_INCLUDED}) is credited to your next invoice for the rest of this period.`
        : 'Nothing was charged now.';
  return {
    to: person.email,
    subject: `Your ${PRODUCT_NAME} plan has changed`,
    text: [
      `Hello ${person.username},`,
      '',
      `Your ${PRODUCT_NAME} plan is now ${change.planName}${billedEvery(change.interval, change.intervalBefore)}. ${money}`,
      '',
      `Your invoices and next payment are in your account: ${appUrl}/account?tab=subscription`,
    ].join('\n'),
  };
}

/** The practice now asks for a second factor, which this member has not turned on (docs/decisions/092-a-practice-sign-in-policy.md). */
export function secondFactorRequiredMail(person: Person, practiceName: string, appUrl: string): Mail {
  return {
    to: person.email,
    subject: `${practiceName} asks you to turn on two-factor sign-in`,
    text: [
      `Hello ${person.username},`,
      '',
      `${practiceName} now asks everyone in the practice to sign in with a second factor (an authenticator app or a passkey). Until you turn one on, the note app is closed to you; your account stays as it is.`,
      '',
      `Turn one on in your account; the note app then opens within ${NOTE_APP_TOKEN_MINUTES} minutes, or at once when you sign in to it again:`,
      `${appUrl}/account?tab=security`,
    ].join('\n'),
  };
}

/** The monthly access review for a practice's owner: who has access, who has not been seen. */
export function accessReviewMail(
  owner: Person,
  review: {
    practiceName: string;
    members: number;
    withoutSecondFactor: number;
    unseen: string[];
    unseenDays: number;
  },
  appUrl: string,
): Mail {
  const unseenLine = review.unseen.length
    ? `Not seen for ${review.unseenDays} days or more: ${review.unseen.join(', ')}. If they no longer need access, remove them.`
    : `Everyone has signed in within the last ${review.unseenDays} days.`;
  return {
    to: owner.email,
    subject: `Your monthly review of who has access to ${review.practiceName}`,
    text: [
      `Hello ${owner.username},`,
      '',
      `${review.practiceName} has ${review.members} ${review.members === 1 ? 'person' : 'people'} with access to ${PRODUCT_NAME}, ${review.withoutSecondFactor} of them without a second factor.`,
      unseenLine,
      '',
      'Review each person, and download the list for your records:',
      `${appUrl}/practice#access-review`,
    ].join('\n'),
  };
}
