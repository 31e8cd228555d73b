import { describe, expect, it } from 'vitest';
import { hasEmployeeRole, isLocked, passwordProblem, userCode } from './users.rules.js';

describe('password policy', () => {
  it.each([
    ['short', 'at least 10'],
    ['JaneDoe1234', 'login'],
    ['jane@example.com', 'e-mail'],
  ])('refuses %s', (password, why) => {
    expect(passwordProblem(password, 'janedoe1234', 'Jane@Example.com')).toContain(why);
  });

  it('accepts a long password unlike the login and address', () => {
    expect(passwordProblem('correct horse battery', 'janedoe', 'jane@example.com')).toBeUndefined();
  });
});

describe('user rules', () => {
  it('pads user codes', () => expect(userCode(42)).toBe('U000042'));
  it('knows employees', () => {
    expect(hasEmployeeRole(['customer'])).toBe(false);
    expect(hasEmployeeRole(['agent'])).toBe(true);
  });
  it('locks until the lock time', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(isLocked(null, now)).toBe(false);
    expect(isLocked(new Date('2026-01-01T10:00:01Z'), now)).toBe(true);
    expect(isLocked(new Date('2026-01-01T09:59:59Z'), now)).toBe(false);
  });
});
