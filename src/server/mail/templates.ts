import { PRODUCT_NAME } from '../../shared/brand';
import { EMAIL_LINK_HOURS, TRIAL_DAYS } from '../../shared/constants';
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

export function newsletterWelcomeMail(email: string, appUrl: string, unsubscribeToken: string): Mail {
  const unsubscribe = `${appUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
  return {
    to: email,
    subject: `You're subscribed to ${PRODUCT_NAME} news`,
    text: [
      `Thanks for subscribing to ${PRODUCT_NAME} news. We write when there is something worth reading: new features, tips for better notes, and offers.`,
      '',
      `To unsubscribe at any time, open: ${unsubscribe}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
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

export function trialEndingMail(user: Person, trialEndsAt: Date, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} trial ends on ${longDate.format(trialEndsAt)}`,
    text: [
      `Hello ${user.username},`,
      '',
      `Your free trial ends on ${longDate.format(trialEndsAt)}. After that your card is charged monthly; you can cancel any time before then from your account:`,
      `${appUrl}/account`,
    ].join('\n'),
  };
}

export function paymentFailedMail(user: Person, appUrl: string): Mail {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} payment failed`,
    text: [
      `Hello ${user.username},`,
      '',
      'We could not take your latest payment. Please update your card so your notes keep flowing:',
      `${appUrl}/account`,
      '',
      'We will try the payment again in a few days.',
    ].join('\n'),
  };
}
