import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { M } from '../../src/server/practices/practice-service';
import { maskEmail } from '../../src/shared/mask-email';
import { client, createTestApp, newUser, signedInUser, stripeApp } from '../support/app';
import { proofGoesStale } from '../support/recent-auth';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolledAdmin } from '../support/two-factor';

// Practices (docs/architecture.md#practices): the Practice plan's owner invites a team, whose members get the note
// app while the practice's subscription gives it. Seats are 3 here, so that filling them is quick.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await stripeApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000', PRACTICE_SEATS: '3' });
const { fake, deliverAll } = t;

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function verifiedUser(overrides: Parameters<typeof newUser>[0] = {}): Promise<Person> {
  const u = await signedInUser(t.app, overrides);
  const token = emailLinkToken((await smtp.waitFor(u.email, 'Verify')).text);
  expect((await u.client.post('/api/user/verify-email', { token })).statusCode).toBe(200);
  return u;
}

async function subscriptionOf(userId: number): Promise<string> {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!.sub;
}

/** A subscriber whose card is saved: their trial runs. */
async function subscriber(planId: 'pro' | 'clinic'): Promise<Person> {
  const u = await verifiedUser();
  const res = await u.client.post('/api/create-subscription', { planId });
  expect(res.statusCode, res.body).toBe(200);
  await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!));
  return u;
}

const me = async (u: Person) => (await u.client.get('/api/user')).json();
const practiceOf = async (u: Person) => (await u.client.get('/api/practice')).json();

/** Invites `email` and returns the token of the link the mail carries. */
async function invite(by: Person, email: string, role: 'admin' | 'clinician' = 'clinician') {
  const before = invitationMails(email).length;
  const res = await by.client.post('/api/practice/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return nextInvitationToken(email, before);
}

const invitationMails = (email: string) =>
  smtp.mails.filter(
    (m) => m.to.includes(email) && m.subject.startsWith('You are invited to join a practice'),
  );

/** The link's token in the invitation mail to `email` after the first `before` (mail goes out in the background). */
async function nextInvitationToken(email: string, before: number): Promise<string> {
  const mail = await vi.waitFor(() => {
    const mail = invitationMails(email)[before];
    if (!mail) throw new Error(`no new invitation mail to ${email}`);
    return mail;
  });
  const match = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** An owner with a member of `role` in their practice. */
async function practiceWithMember(role: 'admin' | 'clinician' = 'clinician') {
  const owner = await subscriber('clinic');
  const member = await verifiedUser();
  const token = await invite(owner, member.email, role);
  expect((await member.client.post('/api/practice/join', { token })).statusCode).toBe(200);
  return { owner, member, practiceId: (await me(owner)).practice.id as number };
}

describe('a practice', () => {
  it('is made by subscribing to the Practice plan, with its owner as the first member', async () => {
    const owner = await subscriber('clinic');
    const user = await me(owner);
    expect(user.practice).toMatchObject({ name: `${owner.username}'s practice`, role: 'owner' });
    const overview = await practiceOf(owner);
    expect(overview).toMatchObject({
      role: 'owner',
      seats: { used: 1, total: 3 },
      invitations: [],
      subscription: { status: 'active', noteAppAccess: true },
    });
    expect(overview.members).toEqual([
      expect.objectContaining({ userId: owner.id, username: owner.username, role: 'owner' }),
    ]);

    const renamed = await owner.client.patch('/api/practice', { name: '  Smile Dental Care  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().practice.name).toBe('Smile Dental Care');
    expect((await me(owner)).practice.name).toBe('Smile Dental Care');
    const blank = await owner.client.patch('/api/practice', { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('name: Practice name is required');
  });

  it('is offered for as many people as PRACTICE_SEATS allows: the plans say so', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription-plans' })).json();
    const practice = plans.find((p: { id: string }) => p.id === 'clinic');
    expect(practice.features[0]).toBe(
      'Full access to the ChairNotes note-writing app, for up to 3 people in your practice, you included',
    );
  });

  it('takes its name from the billing details given before the card; without them, from its owner', async () => {
    const owner = await verifiedUser();
    const details = {
      name: 'Smile Dental Care Ltd',
      line1: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 4AP',
    };
    expect((await owner.client.put('/api/billing/details', details)).statusCode).toBe(200);
    const res = await owner.client.post('/api/create-subscription', { planId: 'clinic' });
    expect(res.statusCode, res.body).toBe(200);
    // No practice before the card is confirmed; then one named as the invoices are.
    expect((await me(owner)).practice).toBeNull();
    await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!));
    expect((await me(owner)).practice).toMatchObject({ name: 'Smile Dental Care Ltd', role: 'owner' });
    expect((await practiceOf(owner)).practice.name).toBe('Smile Dental Care Ltd');
    // Changing the billing details later leaves the practice's name, which is the owner's to change.
    const moved = await owner.client.put('/api/billing/details', { ...details, name: 'Smile Dental Group' });
    expect(moved.statusCode).toBe(200);
    expect((await me(owner)).practice.name).toBe('Smile Dental Care Ltd');
  });

  it('is not made by the Plus plan, and someone in no practice has none to show', async () => {
    const plus = await subscriber('pro');
    expect((await me(plus)).practice).toBeNull();
    const res = await plus.client.get('/api/practice');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notInPractice);
    expect((await client(t.app).get('/api/practice')).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('an invited person joins with the link and gets the note app on the practice subscription', async () => {
    const owner = await subscriber('clinic');
    const invitee = newUser();
    const token = await invite(owner, invitee.email, 'clinician');
    const pending = await practiceOf(owner);
    expect(pending.seats.used).toBe(2);
    expect(pending.invitations).toEqual([
      expect.objectContaining({ email: invitee.email, role: 'clinician' }),
    ]);

    // Signed out, the link says whose invitation it is and to which address, masked: whoever holds the
    // link (a forwarded mail, a mail scanner) does not learn the address in full.
    const preview = await client(t.app).post('/api/practice/invitations/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: maskEmail(invitee.email),
      forYou: false,
      role: 'clinician',
      invitedBy: owner.username,
      practiceName: `${owner.username}'s practice`,
    });
    expect(preview.body).not.toContain(invitee.email);
    // Someone signed in with another address is told it is not theirs, still masked.
    const someoneElse = await signedInUser(t.app);
    const theirs = await someoneElse.client.post('/api/practice/invitations/preview', { token });
    expect(theirs.json()).toMatchObject({ email: maskEmail(invitee.email), forYou: false });
    expect(theirs.body).not.toContain(invitee.email);

    const member = await verifiedUser(invitee);
    expect((await me(member)).noteAppAccess).toBe(false);
    // Signed in with the invited address, the page may offer Join.
    const mine = await member.client.post('/api/practice/invitations/preview', { token });
    expect(mine.json()).toMatchObject({ email: maskEmail(invitee.email), forYou: true });
    const joined = await member.client.post('/api/practice/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ role: 'clinician', ownSubscription: false, invitations: [] });
    expect(await me(member)).toMatchObject({
      plan: 'free',
      noteAppAccess: true,
      practice: { role: 'clinician', name: `${owner.username}'s practice` },
    });
    const after = await practiceOf(owner);
    expect(after.members.map((m: { userId: number }) => m.userId)).toEqual([owner.id, member.id]);
    expect(after).toMatchObject({ seats: { used: 2, total: 3 }, invitations: [] });

    // The data export says where they are, and the owner's says whom they invited.
    const exported = (await member.client.get('/api/user/export')).json();
    expect(exported.practice.membership).toMatchObject({ role: 'clinician' });
    const ownerExport = (await owner.client.get('/api/user/export')).json();
    expect(ownerExport.practice.invitationsSent).toEqual([
      expect.objectContaining({ email: invitee.email, role: 'clinician' }),
    ]);

    // The link is single-use.
    const again = await member.client.post('/api/practice/join', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(M.used);
  });

  it('stores only the hash of the link', async () => {
    const owner = await subscriber('clinic');
    const token = await invite(owner, newUser().email);
    const stored = await t.db.execute(sql`select token_hash from practice_invitations`);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
  });

  it('joins only with the address the invitation was sent to, shown masked to anyone else', async () => {
    const owner = await subscriber('clinic');
    const invited = newUser({ email: `victoria-${Date.now()}@example.com` });
    const token = await invite(owner, invited.email);
    const someoneElse = await verifiedUser();
    const wrong = await someoneElse.client.post('/api/practice/join', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      `This invitation is for vi…@example.com. Sign in with that account, or ask the practice to invite ${someoneElse.email}.`,
    );
    expect((await me(someoneElse)).practice).toBeNull();
  });

  it('joining from the link verifies the invited address: no second mail is needed', async () => {
    const owner = await subscriber('clinic');
    const invited = newUser();
    const token = await invite(owner, invited.email);
    const person = await signedInUser(t.app, invited);
    expect((await me(person)).emailVerified).toBe(false);
    const joined = await person.client.post('/api/practice/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await me(person)).toMatchObject({
      emailVerified: true,
      noteAppAccess: true,
      practice: { role: 'clinician' },
    });
    // The verification mail sent at registration is now moot; its link still only says so.
    const link = emailLinkToken((await smtp.waitFor(invited.email, 'Verify')).text);
    const late = await person.client.post('/api/user/verify-email', { token: link });
    expect(late.statusCode).toBe(200);
  });

  it('registering to accept an invitation proves the address at once: no "Verify your email" mail', async () => {
    const owner = await subscriber('clinic');
    const invited = newUser();
    const token = await invite(owner, invited.email);
    const person = client(t.app);
    const registered = await person.post('/api/register', { ...invited, invitation: token });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().emailVerified).toBe(true);
    expect((await person.post('/api/practice/join', { token })).statusCode).toBe(200);
    // Another account registered since, whose verification mail follows this one's: by then any mail
    // to the invited address would have gone out before it.
    const later = newUser();
    expect((await client(t.app).post('/api/register', later)).statusCode).toBe(201);
    await smtp.waitFor(later.email, 'Verify');
    expect(smtp.mails.filter((m) => m.to.includes(invited.email)).map((m) => m.subject)).not.toContainEqual(
      expect.stringMatching(/^Verify/),
    );
  });

  it.each([
    ['for another address', async (owner: Person) => invite(owner, newUser().email)],
    ['that does not exist', async () => 'no-such-invitation-token'],
  ])('an invitation %s proves nothing: the address is asked to be verified', async (_name, tokenFor) => {
    const owner = await subscriber('clinic');
    const token = await tokenFor(owner);
    const person = newUser();
    const registered = await client(t.app).post('/api/register', { ...person, invitation: token });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().emailVerified).toBe(false);
    await smtp.waitFor(person.email, 'Verify');
  });

  it('an address changed since the invitation is not verified by it, nor joined with', async () => {
    const owner = await subscriber('clinic');
    const invited = newUser();
    const token = await invite(owner, invited.email);
    const person = await signedInUser(t.app, invited);
    // They change their email before joining: the confirmed new address is no longer the invited one.
    const newEmail = newUser().email;
    const change = await person.client.patch('/api/user', {
      username: person.username,
      email: newEmail,
      currentPassword: person.password,
    });
    expect(change.statusCode, change.body).toBe(200);
    // Still pending: the account's address is the invited one, and joining proves it.
    const changeToken = emailLinkToken((await smtp.waitFor(newEmail, 'Confirm')).text);
    const confirmed = await person.client.post('/api/user/verify-email', { token: changeToken });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const refused = await person.client.post('/api/practice/join', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('This invitation is for ');
    expect(await me(person)).toMatchObject({ email: newEmail, practice: null });
    // The invitation is still there for the address it was sent to.
    expect((await practiceOf(owner)).invitations).toEqual([
      expect.objectContaining({ email: invited.email }),
    ]);
  });

  it('a pending email change does not stop the invited address from joining, and verifies it', async () => {
    const owner = await subscriber('clinic');
    const invited = newUser();
    const token = await invite(owner, invited.email);
    const person = await signedInUser(t.app, invited);
    const change = await person.client.patch('/api/user', {
      username: person.username,
      email: newUser().email,
      currentPassword: person.password,
    });
    expect(change.statusCode, change.body).toBe(200);
    const joined = await person.client.post('/api/practice/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await me(person)).toMatchObject({ email: invited.email, emailVerified: true });
  });

  it('a withdrawn, expired or unknown link says so; a resent one works and the old one does not', async () => {
    const owner = await subscriber('clinic');
    const a = await verifiedUser();
    const tokenA = await invite(owner, a.email);
    const [invitation] = (await practiceOf(owner)).invitations;
    const withdrawn = await owner.client.delete(`/api/practice/invitations/${invitation.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ invitations: [], seats: { used: 1 } });
    const late = await a.client.post('/api/practice/join', { token: tokenA });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(M.withdrawn);

    const b = await verifiedUser();
    const tokenB = await invite(owner, b.email);
    await t.db.execute(
      sql`update practice_invitations set expires_at = now() - interval '1 minute' where email = ${b.email}`,
    );
    const expired = await b.client.post('/api/practice/join', { token: tokenB });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(M.expired);
    // An expired invitation holds no seat, and the address can be invited again.
    expect((await practiceOf(owner)).seats.used).toBe(1);
    const tokenB2 = await invite(owner, b.email);

    const unknown = await b.client.post('/api/practice/join', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.invalidLink);

    const [current] = (await practiceOf(owner)).invitations;
    const resent = await owner.client.post(`/api/practice/invitations/${current.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const tokenB3 = await nextInvitationToken(b.email, 2);
    expect((await b.client.post('/api/practice/join', { token: tokenB2 })).statusCode).toBe(404);
    expect((await b.client.post('/api/practice/join', { token: tokenB3 })).statusCode).toBe(200);
  });

  it("the link's preview is limited per address like the other token routes: 429 with a message", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const visitor = client(limited.app, '10.7.0.1');
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await visitor.post('/api/practice/invitations/preview', { token: `guess-${i}` }));
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 429]);
      expect(answers[2]!.json()).toEqual({
        message: expect.stringMatching(/^Too many attempts\. Please wait .+ and try again\.$/),
      });
      // Another address is not held back by this one's guesses.
      const other = await client(limited.app, '10.7.0.2').post('/api/practice/invitations/preview', {
        token: 'guess',
      });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('refuses a second invitation to one address, a member, and a full practice', async () => {
    const { owner, member } = await practiceWithMember();
    const again = await owner.client.post('/api/practice/invitations', {
      email: member.email,
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyMember);
    const third = newUser().email;
    await invite(owner, third);
    const twice = await owner.client.post('/api/practice/invitations', { email: third, role: 'clinician' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadyInvited);
    // Owner, member and one pending invitation: 3 of 3 seats.
    const full = await owner.client.post('/api/practice/invitations', {
      email: newUser().email,
      role: 'clinician',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Your practice has no free seats.');
  });

  it('twenty invitations at once for the last free seat make exactly one', {
    tags: ['database-differences'],
  }, async () => {
    const { owner } = await practiceWithMember();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.client.post('/api/practice/invitations', { email: newUser().email, role: 'clinician' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await practiceOf(owner)).seats).toEqual({ used: 3, total: 3 });
  });

  it('one person is in one practice, even when two invitations are taken at once', {
    tags: ['database-differences'],
  }, async () => {
    const first = await subscriber('clinic');
    const second = await subscriber('clinic');
    const person = await verifiedUser();
    const tokens = [await invite(first, person.email), await invite(second, person.email)];
    const results = await Promise.all(
      tokens.map((token) => person.client.post('/api/practice/join', { token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(M.alreadyInOther);
    const memberships = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from practice_members where user_id = ${person.id}`,
    );
    expect(memberships.rows[0]!.n).toBe(1);
  });
});

describe('roles', () => {
  it('a clinician sees the practice but cannot invite, remove or rename', async () => {
    const { owner, member } = await practiceWithMember('clinician');
    const overview = await practiceOf(member);
    expect(overview.role).toBe('clinician');
    expect(overview.members).toHaveLength(2);
    const inviting = await member.client.post('/api/practice/invitations', {
      email: newUser().email,
      role: 'clinician',
    });
    expect(inviting.statusCode).toBe(403);
    expect(inviting.json().message).toBe(M.managersOnly);
    expect((await member.client.delete(`/api/practice/members/${owner.id}`)).statusCode).toBe(403);
    expect((await member.client.patch('/api/practice', { name: 'Mine now' })).statusCode).toBe(403);
  });

  it('an admin invites and removes; only the owner changes roles', async () => {
    const { owner, member: admin } = await practiceWithMember('admin');
    const clinician = await verifiedUser();
    const token = await invite(admin, clinician.email);
    expect((await clinician.client.post('/api/practice/join', { token })).statusCode).toBe(200);

    const promote = await admin.client.patch(`/api/practice/members/${clinician.id}`, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(M.ownerOnly);
    const byOwner = await owner.client.patch(`/api/practice/members/${clinician.id}`, { role: 'admin' });
    expect(byOwner.statusCode).toBe(200);
    expect((await me(clinician)).practice.role).toBe('admin');

    expect((await admin.client.delete(`/api/practice/members/${owner.id}`)).statusCode).toBe(403);
    const removed = await admin.client.delete(`/api/practice/members/${clinician.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await me(clinician)).practice).toBeNull();
    expect((await me(clinician)).noteAppAccess).toBe(false);
    const mail = await smtp.waitFor(clinician.email, 'You are no longer in a practice');
    expect(mail.text).toContain(`${owner.username}'s practice`);
  });

  it('nobody can act on another practice', async () => {
    const a = await practiceWithMember();
    const b = await practiceWithMember();
    await invite(b.owner, newUser().email);
    const [theirInvitation] = (await practiceOf(b.owner)).invitations;
    expect((await a.owner.client.delete(`/api/practice/members/${b.member.id}`)).statusCode).toBe(404);
    expect(
      (await a.owner.client.patch(`/api/practice/members/${b.member.id}`, { role: 'admin' })).statusCode,
    ).toBe(404);
    expect((await a.owner.client.delete(`/api/practice/invitations/${theirInvitation.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await a.owner.client.post(`/api/practice/invitations/${theirInvitation.id}/resend`)).statusCode,
    ).toBe(404);
    expect((await a.owner.client.post('/api/practice/transfer', { userId: b.member.id })).statusCode).toBe(
      404,
    );
    expect((await me(b.member)).practice.id).toBe(b.practiceId);
    expect((await practiceOf(b.owner)).invitations).toHaveLength(1);
  });
});

describe('access follows membership and the subscription', () => {
  it('freeze and resume, leaving; the owner is told how many it takes from, the members by mail', async () => {
    const { owner, member } = await practiceWithMember();
    expect((await me(member)).noteAppAccess).toBe(true);
    // Before choosing, the owner's Subscription tab can say whom a freeze or a cancel takes from.
    expect((await owner.client.get('/api/subscription')).json().practiceMembers).toBe(1);
    expect((await member.client.get('/api/subscription')).json().practiceMembers).toBe(0);
    expect((await owner.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    expect((await me(member)).noteAppAccess).toBe(false);
    expect((await practiceOf(member)).subscription).toEqual({ status: 'paused', noteAppAccess: false });
    const frozen = await smtp.waitFor(member.email, "Your practice's ChairNotes subscription is frozen");
    expect(frozen.text).toMatch(
      new RegExp(
        `The owner of ${owner.username}'s practice froze its subscription: the note app is closed to you until it resumes on \\d{1,2} \\w+ \\d{4}`,
      ),
    );
    expect(smtp.mails.some((m) => m.to.includes(owner.email) && m.subject.includes('is frozen'))).toBe(false);
    expect((await owner.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    expect((await me(member)).noteAppAccess).toBe(true);
    await smtp.waitFor(member.email, "Your practice's ChairNotes subscription is active again");

    // A cancel and a keep: each told, with the day the note app would close.
    expect((await owner.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    const ending = await smtp.waitFor(member.email, "Your practice's ChairNotes subscription is ending");
    expect(ending.text).toMatch(/stays open to you until it ends on \d{1,2} \w+ \d{4}; after that it closes/);
    expect((await owner.client.post('/api/subscription/keep')).statusCode).toBe(200);
    await smtp.waitFor(member.email, "Your practice's ChairNotes subscription continues");

    const left = await member.client.post('/api/practice/leave');
    expect(left.statusCode).toBe(200);
    expect(await me(member)).toMatchObject({ practice: null, noteAppAccess: false });
    expect((await practiceOf(owner)).members).toHaveLength(1);
  });

  it('when the subscription ends, members lose access and are told once', async () => {
    const { owner, member } = await practiceWithMember();
    expect((await owner.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    // Cancelled at the period's end: access until then.
    expect((await me(member)).noteAppAccess).toBe(true);
    await deliverAll(fake.endTrial(await subscriptionOf(owner.id)));
    expect((await me(member)).noteAppAccess).toBe(false);
    const mail = await smtp.waitFor(member.email, "Your practice's ChairNotes subscription has ended");
    expect(mail.text).toContain(`${owner.username}'s practice`);
    // Redelivered events send nothing more; the practice and its members are kept.
    await deliverAll(fake.events.slice(-2).map((e) => ({ ...e, id: `${e.id}_again` })));
    expect(
      smtp.mails.filter((m) => m.to.includes(member.email) && m.subject.includes('has ended')),
    ).toHaveLength(1);
    expect((await me(member)).practice).not.toBeNull();
  });

  it('a member with their own Plus plan keeps it, and is told they may cancel it', async () => {
    const owner = await subscriber('clinic');
    const plus = await subscriber('pro');
    const token = await invite(owner, plus.email);
    const joined = await plus.client.post('/api/practice/join', { token });
    expect(joined.json().ownSubscription).toBe(true);
    // Their own subscription stays what it is; what gives them the note app is the practice's plan.
    const practiceName = `${owner.username}'s practice`;
    expect(await me(plus)).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      noteAppAccess: true,
      access: { plan: 'clinic', through: 'practice', practiceName, managedBy: owner.username },
      practice: { role: 'clinician' },
    });
    // Frozen, the practice no longer gives it: their own Plus does.
    await t.db.execute(sql`update users set subscription_status = 'paused' where id = ${owner.id}`);
    expect((await me(plus)).access).toEqual({
      plan: 'pro',
      through: 'own',
      practiceName: null,
      managedBy: null,
    });
  });
});

describe('what /api/user says of access', () => {
  it("names the plan that gives access and through whom: the owner's own, the member's practice, or none", async () => {
    const { owner, member } = await practiceWithMember();
    const practiceName = `${owner.username}'s practice`;
    expect((await me(owner)).access).toEqual({
      plan: 'clinic',
      through: 'own',
      practiceName: null,
      managedBy: null,
    });
    expect(await me(member)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
      access: { plan: 'clinic', through: 'practice', practiceName, managedBy: owner.username },
    });
    // The practice's subscription ends: no access, and nothing says otherwise.
    await t.db.execute(
      sql`update users set plan = 'free', subscription_status = 'canceled' where id = ${owner.id}`,
    );
    expect(await me(member)).toMatchObject({ noteAppAccess: false, access: null });
    const nobody = await signedInUser(t.app);
    expect(await me(nobody)).toMatchObject({ noteAppAccess: false, access: null, practice: null });
  });
});

describe("the owner's guards", () => {
  it('cannot leave, delete the account while others remain; a member cannot start a practice of their own', async () => {
    const { owner, member } = await practiceWithMember();
    const leaving = await owner.client.post('/api/practice/leave');
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().message).toBe(M.ownerCannotLeave);
    const deleting = await owner.client.delete('/api/user', { password: owner.password });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json().message).toBe(M.ownerHasMembers);
    expect((await me(owner)).practice.role).toBe('owner');

    const own = await member.client.post('/api/create-subscription', { planId: 'clinic' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(M.memberElsewhere);

    // Nor can the owner move to Plus: the practice would leave its members without the note app.
    for (const res of [
      await owner.client.get('/api/subscription/change-plan/preview?planId=pro'),
      await owner.client.post('/api/subscription/change-plan', { planId: 'pro' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.ownerHasMembers);
    }
    expect((await me(owner)).plan).toBe('clinic');
  });

  it('hands the practice over with its subscription, after fresh proof', async () => {
    const { owner, member } = await practiceWithMember('clinician');
    await proofGoesStale(t.db);
    const stale = await owner.client.post('/api/practice/transfer', { userId: member.id });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ reauthRequired: true });
    expect((await owner.client.post('/api/user/reauth', { password: owner.password })).statusCode).toBe(200);

    const handed = await owner.client.post('/api/practice/transfer', { userId: member.id });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().role).toBe('admin');
    expect(await me(member)).toMatchObject({
      plan: 'clinic',
      noteAppAccess: true,
      practice: { role: 'owner' },
    });
    expect(await me(owner)).toMatchObject({ plan: 'free', noteAppAccess: true, practice: { role: 'admin' } });
    // The subscription is the new owner's now: its actions are theirs, and Stripe mails them.
    const customer = (
      await t.db.execute<{ c: string }>(
        sql`select stripe_customer_id as c from users where id = ${member.id}`,
      )
    ).rows[0]!.c;
    expect(fake.state.customers.get(customer)?.email).toBe(member.email);
    expect((await member.client.get('/api/subscription')).json()).toMatchObject({
      plan: 'clinic',
      status: 'active',
    });
    await smtp.waitFor(member.email, 'You now own a practice');
  });
});

describe('the admin area', () => {
  it('lists every practice with its owner, size, invitations and subscription, and counts them', async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'practiceboss',
      email: 'practiceboss@example.com',
      password: 'practice admin secret',
    });
    const { owner, member } = await practiceWithMember('admin');
    await invite(owner, newUser().email);
    expect((await owner.client.patch('/api/practice', { name: 'Admin Row Dental' })).statusCode).toBe(200);

    const res = await admin.get('/api/admin/practices');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { name: string }[];
    expect(rows.find((r) => r.name === 'Admin Row Dental')).toMatchObject({
      ownerUsername: owner.username,
      ownerEmail: owner.email,
      members: 2,
      pendingInvitations: 1,
      plan: 'clinic',
      subscriptionStatus: 'active',
    });
    const counted = await t.db.execute<{ practices: number; members: number }>(
      sql`select (select count(*)::int from practices) as practices, (select count(*)::int from practice_members) as members`,
    );
    expect((await admin.get('/api/admin/stats')).json()).toMatchObject({
      totalPractices: counted.rows[0]!.practices,
      practiceMembers: counted.rows[0]!.members,
    });
    const users = (await admin.get('/api/admin/users')).json() as { id: number }[];
    expect(users.find((u) => u.id === member.id)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
      practiceName: 'Admin Row Dental',
      practiceRole: 'admin',
      practicePlan: 'clinic',
      practiceStatus: 'active',
    });

    // Users never see it.
    expect((await owner.client.get('/api/admin/practices')).statusCode).toBe(401);
  });

  it("shows a member's detail: access through the practice, who pays, sessions, events and invoices from Stripe", async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'detailboss',
      email: 'detailboss@example.com',
      password: 'detail admin secret',
    });
    const { owner, member, practiceId } = await practiceWithMember('clinician');
    const res = await admin.get(`/api/admin/users/${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      profile: { id: member.id, emailVerified: true },
      subscription: { plan: 'free', status: 'inactive' },
      access: { plan: 'clinic', through: 'practice', paidBy: { id: owner.id, username: owner.username } },
      practice: {
        id: practiceId,
        role: 'clinician',
        owner: { id: owner.id, username: owner.username },
        plan: 'clinic',
        status: 'active',
      },
      secondFactors: [],
      invoices: { available: true, items: [] },
    });
    expect(detail.sessions).toHaveLength(1);

    // The owner pays for their own; Stripe's invoices are theirs.
    const ownerDetail = (await admin.get(`/api/admin/users/${owner.id}`)).json();
    expect(ownerDetail.access).toEqual({
      plan: 'clinic',
      through: 'own',
      paidBy: { id: owner.id, username: owner.username },
    });
    expect(ownerDetail.invoices.available).toBe(true);
    expect(ownerDetail.invoices.items.length).toBeGreaterThan(0);

    // The area's one write, then what the page shows of it: no sessions, and the event.
    expect((await admin.post(`/api/admin/users/${member.id}/end-sessions`)).statusCode).toBe(200);
    const after = (await admin.get(`/api/admin/users/${member.id}`)).json();
    expect(after.sessions).toEqual([]);
    expect(after.securityEvents[0]).toMatchObject({ type: 'sessions_ended_by_admin' });
    // A user's cookie is not an admin's.
    expect((await owner.client.get(`/api/admin/users/${member.id}`)).statusCode).toBe(401);
  });
});

describe("'Need more seats?'", () => {
  it('sends the practice’s details to the admins, a reply going to whoever asked; the owner or an admin only', async () => {
    const { owner, member, practiceId } = await practiceWithMember('clinician');
    // A clinician does not manage seats.
    expect((await member.client.post('/api/practice/seat-request', { seats: 10 })).statusCode).toBe(403);
    // Each field named when wrong.
    const wrong = await owner.client.post('/api/practice/seat-request', { seats: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^seats: At least 2 seats/);

    const sent = await owner.client.post('/api/practice/seat-request', {
      seats: 12,
      message: '  Two new surgeries open in March.  ',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: `Thank you. We will reply to ${owner.email}.` });
    const mail = await smtp.waitFor(
      'sales@chairnotes.co.uk',
      `Seat request: practice #${practiceId} asks for 12 seats`,
    );
    expect(mail.headers['reply-to']).toContain(owner.email);
    expect(mail.text).toContain(`Practice: ${owner.username}'s practice (#${practiceId})`);
    expect(mail.text).toContain('Seats: 2 of 3 used; asks for 12 in all');
    expect(mail.text).toContain(`Owner: ${owner.username} <${owner.email}>, plan clinic`);
    expect(mail.text).toContain('Two new surgeries open in March.');
    const trail = await t.db.execute<{ action: string; detail: string }>(
      sql`select action, detail from practice_events where practice_id = ${practiceId} and action = 'seats_requested'`,
    );
    expect(trail.rows).toEqual([{ action: 'seats_requested', detail: '12 seats in all' }]);
  });
});
