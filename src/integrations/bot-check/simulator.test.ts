// The simulator's token grammar: score bands, every invalid reason, single use and expiry.
import { describe, expect, it } from 'vitest';
import { INVALID_REASONS, type UsedTokenLedger } from './port.js';
import { createBotCheckSimulator, SIMULATOR_TOKEN_LIFETIME_MS } from './simulator.js';

const NOW = new Date('2025-05-01T10:00:00.000Z');

function memoryLedger(): UsedTokenLedger {
  const used = new Set<string>();
  return {
    async claim(token) {
      if (used.has(token)) return false;
      used.add(token);
      return true;
    },
  };
}

function simulator(ledger = memoryLedger(), now = NOW) {
  return createBotCheckSimulator({ siteKey: 'sim-key' })({ ledger, now, log: { warn: () => {} } });
}

let serial = 0;
function token(score: string, action = 'login', issuedAt = NOW.getTime() - 5_000): string {
  serial += 1;
  return `sim:${score}:${action}:${issuedAt}:n${serial}`;
}

describe('bot-check simulator', () => {
  it.each([
    ['1.0', 1, []],
    ['0.9', 0.9, []],
    ['0.7', 0.7, []],
    ['0.5', 0.5, ['LOW_CONFIDENCE_SCORE']],
    ['0.3', 0.3, ['LOW_CONFIDENCE_SCORE']],
    ['0.1', 0.1, ['AUTOMATION']],
    ['0', 0, ['AUTOMATION']],
  ])('a token of score %s answers score %s with reasons %o', async (score, expected, reasons) => {
    const sent = token(score);
    const assessment = await simulator().assess({ token: sent, expectedAction: 'login' });
    expect(assessment).toEqual({
      name: expect.stringMatching(/^projects\/simulator\/assessments\/[0-9a-f]{16}$/),
      event: { token: sent, siteKey: 'sim-key', expectedAction: 'login' },
      riskAnalysis: { score: expected, reasons },
      tokenProperties: {
        valid: true,
        action: 'login',
        hostname: 'localhost',
        createTime: new Date(NOW.getTime() - 5_000),
        invalidReason: 'INVALID_REASON_UNSPECIFIED',
      },
    });
  });

  it.each(INVALID_REASONS)('sim:invalid:%s answers valid false with that reason, every time', async (reason) => {
    const check = simulator();
    for (let i = 0; i < 2; i += 1) {
      const assessment = await check.assess({ token: `sim:invalid:${reason}`, expectedAction: 'login' });
      expect(assessment.riskAnalysis).toEqual({ score: 0, reasons: [] });
      expect(assessment.tokenProperties).toEqual({
        valid: false,
        action: '',
        hostname: '',
        createTime: null,
        invalidReason: reason,
      });
    }
  });

  it.each([
    'anything',
    'sim:0.95:login:1714557600000:n1',
    'sim:1.1:login:1714557600000:n1',
    'sim:0.9:log in:1714557600000:n1',
    'sim:0.9:login:1714557600:n1',
    'sim:0.9:login:1714557600000:',
    'sim:invalid:NOT_A_REASON',
  ])('answers %s as MALFORMED', async (sent) => {
    const assessment = await simulator().assess({ token: sent, expectedAction: 'login' });
    expect(assessment.tokenProperties).toMatchObject({ valid: false, invalidReason: 'MALFORMED' });
  });

  it('answers a second use of a token DUPE', async () => {
    const check = simulator();
    const sent = token('0.9');
    expect((await check.assess({ token: sent, expectedAction: 'login' })).tokenProperties.valid).toBe(true);
    expect((await check.assess({ token: sent, expectedAction: 'login' })).tokenProperties).toMatchObject({
      valid: false,
      invalidReason: 'DUPE',
    });
  });

  it('answers a token older than its lifetime EXPIRED, and one from the far future MALFORMED', async () => {
    const expired = token('0.9', 'login', NOW.getTime() - SIMULATOR_TOKEN_LIFETIME_MS - 1);
    const justInTime = token('0.9', 'login', NOW.getTime() - SIMULATOR_TOKEN_LIFETIME_MS);
    const future = token('0.9', 'login', NOW.getTime() + 61_000);
    const check = simulator();
    expect((await check.assess({ token: expired, expectedAction: 'login' })).tokenProperties.invalidReason).toBe(
      'EXPIRED',
    );
    expect((await check.assess({ token: justInTime, expectedAction: 'login' })).tokenProperties.valid).toBe(true);
    expect((await check.assess({ token: future, expectedAction: 'login' })).tokenProperties.invalidReason).toBe(
      'MALFORMED',
    );
  });

  it('keeps a token of another action valid and reports its action, as Google does', async () => {
    const assessment = await simulator().assess({ token: token('0.9', 'checkout/pay'), expectedAction: 'login' });
    expect(assessment.event.expectedAction).toBe('login');
    expect(assessment.tokenProperties).toMatchObject({ valid: true, action: 'checkout/pay' });
  });

  it('tells the ledger when a used token may be forgotten', async () => {
    const claims: Date[] = [];
    const ledger: UsedTokenLedger = {
      claim: async (_token, expiresAt) => {
        claims.push(expiresAt);
        return true;
      },
    };
    const issuedAt = NOW.getTime() - 5_000;
    await simulator(ledger).assess({ token: token('0.9', 'login', issuedAt), expectedAction: 'login' });
    expect(claims).toEqual([new Date(issuedAt + SIMULATOR_TOKEN_LIFETIME_MS)]);
  });
});
