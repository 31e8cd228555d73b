// The pure rules: how each search filter matches under each method, LIKE escaping, and the trip-request moves.
import { describe, expect, it } from 'vitest';
import { filterMatch, likeEscaped, statusesLeadingTo, TRIP_REQUEST_STATUSES } from './customers.rules.js';

describe('search filters', () => {
  it('make a name a substring unless exact, an e-mail or mobile exact unless partial, all in lower case', () => {
    expect(filterMatch('name', 'Haddad', undefined)).toEqual({ value: 'haddad', match: 'contains' });
    expect(filterMatch('name', 'Haddad', 'partial')).toEqual({ value: 'haddad', match: 'contains' });
    expect(filterMatch('name', 'Haddad', 'exact')).toEqual({ value: 'haddad', match: 'equals' });
    expect(filterMatch('email', 'A@B.com', undefined)).toEqual({ value: 'a@b.com', match: 'equals' });
    expect(filterMatch('email', 'A@B.com', 'partial')).toEqual({ value: 'a@b.com', match: 'contains' });
    expect(filterMatch('mobile', '+971 50', 'exact')).toEqual({ value: '+971 50', match: 'equals' });
    expect(filterMatch('mobile', undefined, 'partial')).toBeNull();
  });

  it("escape LIKE's wildcards and escape character in a substring, never in an exact value", () => {
    expect(likeEscaped('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(filterMatch('name', '50%', undefined)?.value).toBe('50\\%');
    expect(filterMatch('email', 'a_b@c.com', undefined)?.value).toBe('a_b@c.com');
  });
});

describe('trip request moves', () => {
  it('reach each status only from the one before it, and CLOSED from every open status', () => {
    const from = Object.fromEntries(TRIP_REQUEST_STATUSES.map((to) => [to, statusesLeadingTo(to)]));
    expect(from).toEqual({
      NEW: [],
      IN_PROGRESS: ['NEW'],
      QUOTED: ['IN_PROGRESS'],
      CLOSED: ['NEW', 'IN_PROGRESS', 'QUOTED'],
    });
  });
});
