/**
 * The note app's reports of finished notes (docs/note-app-integration.md#reports): its server signs in as its
 * client (client credentials, scope notes:report) and sends batches; each report is accepted, a duplicate, or
 * refused with a reason a developer can act on, and never costs the others of its batch. What is stored is
 * summed into daily rollups in the same transaction.
 */
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { londonDate } from '../../src/server/lib/london-day';
import { AUDIT_CRITERIA } from '../../src/shared/audit-criteria';
import { browser, oidcApp, register, signInToNoteApp, subscribeInBrowser } from '../support/oidc';
import { startSmtpCatcher } from '../support/smtp';

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await oidcApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });

/** The note app's server's token, as it gets one: client credentials at /oidc/token. */
async function clientToken(scope = 'notes:report'): Promise<string> {
  const answer = await oidc.clientCredentialsGrant(t.noteApp, scope ? { scope } : {});
  return answer.access_token;
}

async function send(body: unknown, token: string | null) {
  return fetch(`${t.appUrl}/api/note-app/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A dentist on Plus who has signed in to the note app: their `sub`, and their id. */
async function clinician() {
  const b = browser(t.appUrl);
  const person = await register(b);
  await subscribeInBrowser(t, b, 'pro');
  const { tokens } = await signInToNoteApp(t, b);
  return { ...person, b, sub: tokens.claims()!.sub, accessToken: tokens.access_token };
}

let counter = 0;
/** A whole, valid report by `sub`, finished an hour ago unless told otherwise. */
function report(sub: string, overrides: Record<string, unknown> = {}) {
  return {
    noteId: `note-${Date.now().toString(36)}-${++counter}`,
    sub,
    finishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    appointmentType: 'examination',
    audioSeconds: 420,
    editSeconds: 90,
    criteriaSet: AUDIT_CRITERIA.set,
    criteria: { medical_history: 'met', bpe: 'missing', radiograph_report: 'not_applicable' },
    patientSentiment: 'positive',
    letters: { treatment: 1, consent: 1, referral: 0 },
    ...overrides,
  };
}

describe('the criteria', () => {
  it('are served with their set and version, each with a code, a label and guidance', async () => {
    const res = await fetch(`${t.appUrl}/api/audit-criteria`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as typeof AUDIT_CRITERIA;
    expect(body).toMatchObject({ set: 'fgdp-record-keeping', version: AUDIT_CRITERIA.version });
    expect(body.criteria.map((c) => c.code)).toContain('bpe');
    for (const c of body.criteria) expect(c.label.length * c.guidance.length).toBeGreaterThan(0);
  });
});

describe('who may report', () => {
  it("only the note app's server, with a client-credentials token carrying notes:report", async () => {
    const dentist = await clinician();
    const batch = { reports: [report(dentist.sub)] };
    // No token, or a cookie alone (a signed-in browser): 401 with the way to get one.
    const none = await send(batch, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await none.json()) as { message: string }).message).toMatch(/client credentials/);
    expect((await dentist.b.post('/api/note-app/reports', batch)).status).toBe(401);
    // A person's access token is no client's.
    expect((await send(batch, dentist.accessToken)).status).toBe(401);
    expect((await send(batch, 'made-up-token')).status).toBe(401);
    // The client's own token without the scope: 403.
    const unscoped = await send(batch, await clientToken(''));
    expect(unscoped.status).toBe(403);
    expect(await unscoped.json()).toEqual({ message: 'This token does not carry the notes:report scope.' });
    // With it: accepted.
    const res = await send(batch, await clientToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      results: [{ noteId: batch.reports[0]!.noteId, status: 'accepted' }],
    });
  });
});

describe('a batch', () => {
  it('answers each report in order: accepted, duplicate, or refused with its reason; one bad report costs no other', async () => {
    const dentist = await clinician();
    const token = await clientToken();
    const good = report(dentist.sub);
    const stranger = browser(t.appUrl);
    const neverUsed = await register(stranger);
    const neverUsedSub = (
      await t.db.execute<{ sub: string }>(sql`select public_id as sub from users where id = ${neverUsed.id}`)
    ).rows[0]!.sub;
    const cases: [Record<string, unknown>, string][] = [
      [report(dentist.sub, { patientName: 'Jane Doe' }), 'Unrecognized key: "patientName"'],
      [report(dentist.sub, { appointmentType: 'Filling on the upper left six' }), 'appointmentType: '],
      [report(dentist.sub, { noteId: 'a note about Jane' }), 'noteId: must be 1 to 64'],
      [report(dentist.sub, { criteria: { bpe: 'looked fine' } }), 'criteria.bpe: '],
      [report(dentist.sub, { criteria: { gum_colour: 'met' } }), 'criteria.gum_colour: not a criterion'],
      [report(dentist.sub, { criteriaSet: 'made-up' }), 'criteriaSet: must be'],
      [report(dentist.sub, { audioSeconds: 14_401 }), 'audioSeconds: must be at most 14400 seconds'],
      [report(dentist.sub, { editSeconds: -1 }), 'editSeconds: '],
      [report(dentist.sub, { letters: { treatment: 1, thank_you: 2 } }), 'letters: Unrecognized key'],
      [
        report(dentist.sub, { finishedAt: new Date(Date.now() + 3_600_000).toISOString() }),
        'finishedAt: is in the future',
      ],
      [
        report(dentist.sub, { finishedAt: new Date(Date.now() - 91 * 86_400_000).toISOString() }),
        'finishedAt: is more than 90 days ago',
      ],
      [report('7f1b5d2e-0000-4000-8000-000000000000'), 'sub: no ChairNotes account has this sub'],
      [report(neverUsedSub), 'sub: this person has never signed in to the note app'],
      [report(dentist.sub, { sub: 'dentist@example.com' }), 'sub: '],
    ];
    const res = await send({ reports: [good, ...cases.map(([r]) => r), good] }, token);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as {
      results: { noteId: string | null; status: string; reason?: string }[];
    };
    expect(results).toHaveLength(cases.length + 2);
    expect(results[0]).toEqual({ noteId: good.noteId, status: 'accepted' });
    cases.forEach(([sent, reason], i) => {
      const result = results[i + 1]!;
      expect(result.status, JSON.stringify(sent)).toBe('refused');
      expect(result.reason, JSON.stringify(sent)).toContain(reason);
    });
    // The same note again, in the batch or later: a duplicate, never a second note.
    expect(results.at(-1)).toEqual({ noteId: good.noteId, status: 'duplicate' });
    const again = await send({ reports: [good] }, token);
    expect(((await again.json()) as { results: unknown[] }).results).toEqual([
      { noteId: good.noteId, status: 'duplicate' },
    ]);
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from note_reports where user_id = ${dentist.id}`,
    );
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('that is not a batch of 1 to 500 reports is a 400 that accepts nothing', async () => {
    const dentist = await clinician();
    const token = await clientToken();
    for (const body of [
      {},
      { reports: [] },
      { reports: Array.from({ length: 501 }, () => report(dentist.sub)) },
    ]) {
      const res = await send(body, token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from note_reports where user_id = ${dentist.id}`,
    );
    expect(stored.rows[0]!.n).toBe(0);
    // A full batch fits.
    const full = await send({ reports: Array.from({ length: 500 }, () => report(dentist.sub)) }, token);
    expect(full.status).toBe(200);
  });
});

describe('whose a note is', () => {
  it("the clinician's, and their practice's only when they were its member at finishedAt", async () => {
    const owner = browser(t.appUrl);
    await register(owner);
    await subscribeInBrowser(t, owner, 'clinic');
    const member = browser(t.appUrl);
    const person = await register(member);
    expect(
      (await owner.post('/api/practice/invitations', { email: person.email, role: 'clinician' })).status,
    ).toBe(201);
    const mail = await smtp.waitFor(person.email, 'You are invited');
    const token = /\/practice\/join\?token=([\w-]+)/.exec(mail.text)![1];
    expect((await member.post('/api/practice/join', { token })).status).toBe(200);
    const { tokens } = await signInToNoteApp(t, member);
    const sub = tokens.claims()!.sub;
    const before = report(sub, { finishedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    const after = report(sub, { finishedAt: new Date(Date.now() + 1000).toISOString() });
    const res = await send({ reports: [before, after] }, await clientToken());
    expect(((await res.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual([
      'accepted',
      'accepted',
    ]);
    const rows = await t.db.execute<{ note_id: string; practice_id: number | null }>(
      sql`select note_id, practice_id from note_reports where user_id = ${person.id} order by finished_at`,
    );
    const practiceId = ((await (await member.request('/api/user')).json()) as { practice: { id: number } })
      .practice.id;
    expect(rows.rows).toEqual([
      { note_id: before.noteId, practice_id: null },
      { note_id: after.noteId, practice_id: practiceId },
    ]);
  });
});

describe('the rollups', () => {
  it('sum each day, clinician and appointment type, and each criterion met of applicable, as counted by hand', async () => {
    const dentist = await clinician();
    const token = await clientToken();
    const finishedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const day = londonDate(new Date(finishedAt));
    const reports = [
      report(dentist.sub, { finishedAt }),
      report(dentist.sub, {
        finishedAt,
        audioSeconds: 600,
        editSeconds: 30,
        criteria: { medical_history: 'met', bpe: 'met' },
        patientSentiment: 'negative',
        letters: { referral: 2 },
      }),
      report(dentist.sub, { finishedAt, appointmentType: 'hygiene', patientSentiment: undefined }),
    ];
    expect((await send({ reports }, token)).status).toBe(200);

    const days = await t.db.execute(sql`
      select appointment_type, notes, audio_seconds::int as audio, edit_seconds::int as edit,
        letters_treatment, letters_consent, letters_referral, positive, neutral, negative, practice_id
      from note_report_days where user_id = ${dentist.id} and day = ${day} order by appointment_type`);
    expect(days.rows).toEqual([
      {
        appointment_type: 'examination',
        notes: 2,
        audio: 1020,
        edit: 120,
        letters_treatment: 1,
        letters_consent: 1,
        letters_referral: 2,
        positive: 1,
        neutral: 0,
        negative: 1,
        practice_id: null,
      },
      {
        appointment_type: 'hygiene',
        notes: 1,
        audio: 420,
        edit: 90,
        letters_treatment: 1,
        letters_consent: 1,
        letters_referral: 0,
        positive: 0,
        neutral: 0,
        negative: 0,
        practice_id: null,
      },
    ]);
    const criteria = await t.db.execute(sql`
      select code, met, applicable from note_report_day_criteria
      where user_id = ${dentist.id} and day = ${day} order by code`);
    // not_applicable counts in neither.
    expect(criteria.rows).toEqual([
      { code: 'bpe', met: 1, applicable: 3 },
      { code: 'medical_history', met: 3, applicable: 3 },
    ]);
  });
});

describe('kept and erased', () => {
  it("the person's data export holds their reports; deleting the account deletes them and their totals", async () => {
    const dentist = await clinician();
    const sent = report(dentist.sub);
    expect((await send({ reports: [sent] }, await clientToken())).status).toBe(200);

    const exported = (await (await dentist.b.request('/api/user/export')).json()) as {
      noteReports: Record<string, unknown>[];
    };
    expect(exported.noteReports).toEqual([
      {
        noteId: sent.noteId,
        reportedBy: 'note-app',
        finishedAt: sent.finishedAt,
        appointmentType: 'examination',
        audioSeconds: 420,
        editSeconds: 90,
        criteriaSet: AUDIT_CRITERIA.set,
        criteria: sent.criteria,
        patientSentiment: 'positive',
        letters: { treatment: 1, consent: 1, referral: 0 },
        receivedAt: expect.any(String),
      },
    ]);

    const rows = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
          select (select count(*) from note_reports where user_id = ${dentist.id})
            + (select count(*) from note_report_days where user_id = ${dentist.id})
            + (select count(*) from note_report_day_criteria where user_id = ${dentist.id}) as n`)
      ).rows[0]!.n;
    expect(Number(await rows())).toBeGreaterThan(2);
    const deleted = await dentist.b.request('/api/user', {
      method: 'DELETE',
      body: JSON.stringify({ password: dentist.password }),
      headers: { 'content-type': 'application/json' },
    });
    expect(deleted.status).toBe(200);
    expect(Number(await rows())).toBe(0);
  });
});
