import { describe, expect, it } from 'vitest';
import {
  newsletterCsv,
  practicesCsv,
  referralsCsv,
  subscriptionsCsv,
  usersCsv,
} from '../../src/shared/admin-lists';
import { csvCell, toCsv } from '../../src/shared/csv';
import type {
  AdminPractice,
  AdminReferral,
  AdminSubscriber,
  AdminUser,
} from '../../src/shared/schemas/admin';

describe('csvCell', () => {
  it('leaves plain text, numbers and booleans as they are', () => {
    expect(csvCell('dr smith')).toBe('dr smith');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(true)).toBe('true');
  });

  it('writes a missing value as an empty field', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvCell('the "best" practice')).toBe('"the ""best"" practice"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
  });

  it('quotes a field holding a semicolon, which splits cells where it is the list separator', () => {
    expect(csvCell('Smith; Jones')).toBe('"Smith; Jones"');
    expect(toCsv([{ header: 'Name', value: (r: string) => r }], ['a;b'])).toBe('Name\r\n"a;b"\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // Only at the start: an email with @ or a hyphenated name is left alone.
    expect(csvCell('dr-who@example.co.uk')).toBe('dr-who@example.co.uk');
  });
});

describe('toCsv', () => {
  type Row = { name: string; email: string; logins: number; note: string | null };
  const columns = [
    { header: 'Name', value: (r: Row) => r.name },
    { header: 'Email', value: (r: Row) => r.email },
    { header: 'Logins', value: (r: Row) => r.logins },
    { header: 'Note, if any', value: (r: Row) => r.note },
  ];

  it('writes a header line and one CRLF-ended line per row', () => {
    const csv = toCsv(columns, [
      { name: 'drjones', email: 'jones@example.co.uk', logins: 3, note: null },
      { name: '=cmd', email: 'x@example.co.uk', logins: 0, note: 'said "hi", twice' },
    ]);
    expect(csv).toBe(
      [
        'Name,Email,Logins,"Note, if any"',
        'drjones,jones@example.co.uk,3,',
        `'=cmd,x@example.co.uk,0,"said ""hi"", twice"`,
        '',
      ].join('\r\n'),
    );
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns, [])).toBe('Name,Email,Logins,"Note, if any"\r\n');
  });
});

/** The cells of a CSV as a spreadsheet reads them (RFC 4180: quoted cells, doubled quotes, CRLF rows). */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && (c === ',' || (c === '\r' && csv[i + 1] === '\n'))) {
      rows.at(-1)!.push(cell);
      cell = '';
      if (c === '\r') {
        rows.push([]);
        i++;
      }
    } else {
      cell += c;
    }
  }
  return rows.filter((row) => row.length > 0);
}

describe('every admin export', () => {
  // What people type, as an attacker would: each free-text field starts a formula.
  const FORMULAS = [
    '=HYPERLINK("http://evil.example","x")',
    '+cmd|/c calc',
    '-2+3',
    '@SUM(A1)',
    '\tx',
    '\r=1',
  ];
  const at = '2026-11-22T12:00:00.000Z';
  const rowsFor = (formula: string) => {
    const user: AdminUser = {
      id: 1,
      username: formula,
      email: `${formula}@example.com`,
      plan: 'clinic',
      subscriptionStatus: 'active',
      trialEndsAt: null,
      hasDiscount: false,
      billingInterval: 'month',
      loginCount: 3,
      consecutiveLogins: 1,
      lastLoginAt: at,
      createdAt: at,
      referralCode: formula,
      referralCredits: 0,
      practiceName: formula,
      practiceRole: 'owner',
      practicePlan: 'clinic',
      practiceStatus: 'active',
    };
    const referral: AdminReferral = {
      id: 1,
      referrerUsername: formula,
      referrerEmail: `${formula}@example.com`,
      friendEmail: `${formula}@example.org`,
      referralCode: formula,
      status: 'pending',
      createdAt: at,
      completedAt: null,
      rewardNote: formula,
    };
    const subscriber: AdminSubscriber = { id: 1, email: `${formula}@example.com`, createdAt: at };
    const practice: AdminPractice = {
      id: 1,
      name: formula,
      ownerUsername: formula,
      ownerEmail: `${formula}@example.com`,
      members: 2,
      pendingInvitations: 0,
      plan: 'clinic',
      subscriptionStatus: 'active',
      createdAt: at,
      terms: { version: 'a'.repeat(64), acceptedAt: at, current: true },
    };
    return {
      users: toCsv(usersCsv, [user]),
      subscriptions: toCsv(subscriptionsCsv, [user]),
      referrals: toCsv(referralsCsv, [referral]),
      newsletter: toCsv(newsletterCsv, [subscriber]),
      practices: toCsv(practicesCsv, [practice]),
    };
  };

  for (const formula of FORMULAS) {
    it(`writes ${JSON.stringify(formula)} in a username, an email or a name as text, never as a formula`, () => {
      for (const [list, csv] of Object.entries(rowsFor(formula))) {
        const [header, row] = parseCsv(csv);
        // Every list carries some of what people type, kept whole behind the quote.
        expect(row!.filter((cell) => cell.startsWith(`'${formula}`)).length, list).toBeGreaterThan(0);
        row!.forEach((cell, i) => {
          expect(cell, `${list}: ${header![i]}`).not.toMatch(/^[=+\-@\t\r]/);
        });
      }
    });
  }
});
