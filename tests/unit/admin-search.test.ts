import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterRows } from '../../src/shared/search';

type User = { username: string; email: string };
const users: User[] = [
  { username: 'DrSmith', email: 'smith@practice.co.uk' },
  { username: 'drjones', email: 'Jones@Clinic.co.uk' },
  { username: 'nurse-ann', email: 'ann@practice.co.uk' },
];
const fields = (u: User) => [u.username, u.email];

describe('admin list search', () => {
  const index = buildSearchIndex(users, fields);

  it('matches any field, whatever the case', () => {
    expect(filterRows(users, index, 'SMITH')).toEqual([users[0]]);
    expect(filterRows(users, index, 'clinic.CO')).toEqual([users[1]]);
    expect(filterRows(users, index, 'practice')).toEqual([users[0], users[2]]);
  });

  it('gives every row for an empty or blank query, and trims the query', () => {
    expect(filterRows(users, index, '')).toBe(users);
    expect(filterRows(users, index, '   ')).toBe(users);
    expect(filterRows(users, index, '  drjones ')).toEqual([users[1]]);
  });

  it('gives nothing when no row matches', () => {
    expect(filterRows(users, index, 'nobody')).toEqual([]);
  });

  it('does not match across two fields', () => {
    // 'DrSmith' followed by 'smith@...' must not make 'smithsmith' match.
    expect(filterRows(users, index, 'drsmithsmith')).toEqual([]);
  });
});
