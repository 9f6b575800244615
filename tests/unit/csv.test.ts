import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from '../../src/client/features/admin/csv';

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

describe('csvFileName', () => {
  it('names the product, the list and the day in London', () => {
    expect(csvFileName('ChairNotes', 'Users', new Date('2026-11-22T12:00:00Z'))).toBe(
      'chairnotes-users-2026-11-22.csv',
    );
    expect(csvFileName('ChairNotes', 'Newsletter subscribers', new Date('2026-11-22T12:00:00Z'))).toBe(
      'chairnotes-newsletter-subscribers-2026-11-22.csv',
    );
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(csvFileName('ChairNotes', 'Users', new Date('2026-06-30T23:30:00Z'))).toBe(
      'chairnotes-users-2026-07-01.csv',
    );
  });
});
