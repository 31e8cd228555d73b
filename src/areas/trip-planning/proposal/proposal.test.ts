// The proposal operations on a fresh tenant: the PDF (POST and GET) and the employees' page of an itinerary with
// every kind of component, read back (pdf.js for the PDF); never a cost price or a margin; the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { readPdf } from '../../../../test/support/pdf.js';
import { displayDate } from '../../../platform/time.js';
import { startTestService } from '../../../../test/support/service.js';
import {
  PROPOSAL_ACTIVITY,
  PROPOSAL_CITY,
  PROPOSAL_CUSTOMER,
  type ProposalFixture,
  proposalItinerary,
} from '../../../../test/support/trip-proposal.js';

let t: TestTenant;
let agent: TestUser;
let trip: ProposalFixture;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  const customer = await t.adminApi.ok<{ customerId: number }>('/customer/create', {
    custName: PROPOSAL_CUSTOMER,
    mobilePhone: '+971500000011',
    email: `mariam-${Date.now()}@example.com`,
  });
  await t.adminApi.ok('/settings/write', { brandColor: '#7A1F5C', contactEmail: 'trips@sunrise.example' });
  trip = await proposalItinerary((path, body) => agent.api.ok(path, body), {
    customerId: customer.customerId,
    components: 10,
    projectName: 'Honeymoon in Switzerland',
  });
}, 60_000);
afterAll(() => t.service.close());

function expectNothingHidden(text: string): void {
  for (const hidden of trip.hidden) expect(text).not.toContain(hidden);
}

describe('/tripmaker/itinerary/pdf', () => {
  it('answers the multi-page proposal inline: cover, days, services, inclusions, exclusions, the total', async () => {
    const answer = await t.api.inject({
      method: 'POST',
      url: '/tripmaker/itinerary/pdf',
      payload: { session: agent.session, itineraryId: trip.itineraryId },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline; filename="Proposal_Honeymoon_in_Switzerland.pdf"');
    const { pages, text, info } = await readPdf(answer.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const cover = defined(pages[0], 'the cover');
    for (const part of ['TRAVEL PROPOSAL', 'Honeymoon in Switzerland', 'مريم', 'خليل', '2 adults, 1 child']) {
      expect(cover).toContain(part);
    }
    expect(cover).toContain(trip.totalText);
    expect(cover).toContain(`${displayDate(trip.startDate)} – ${displayDate(trip.endDate)}`);
    expect(cover).toContain(PROPOSAL_CITY);
    for (const part of [
      'Day 1',
      'Day 5',
      '(DXB)',
      '(ZRH)',
      defined(trip.hotelNames[0], 'a hotel'),
      `${PROPOSAL_ACTIVITY} 2`,
      'Transfer',
      'Transfert privé Genève 3',
      'What is not included',
      'Taxe de séjour 4',
    ]) {
      expect(text).toContain(part);
    }
    expectNothingHidden(text);
    expect(info.Title).toBe('Proposal: Honeymoon in Switzerland');
  });

  it('answers GET with the session in the query (a browser link), the same document', async () => {
    const answer = await t.api.inject({
      method: 'GET',
      url: `/tripmaker/itinerary/pdf?itineraryId=${trip.itineraryId}&session=${encodeURIComponent(agent.session)}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(answer.rawPayload)).text).toContain(trip.totalText);
  });

  it('refuses an unknown itinerary, a bad id, no session and a customer', async () => {
    const as = (session: string) => ({ session });
    await t.api.expectError('/tripmaker/itinerary/pdf', { ...as(agent.session), itineraryId: 999_999 }, 'NOTFOUND');
    await t.api.expectError('/tripmaker/itinerary/pdf', as(agent.session), 'MISSING_PARAMETER', 'itineraryId');
    await t.api.expectError(
      '/tripmaker/itinerary/pdf',
      { ...as(agent.session), itineraryId: 'one' },
      'INVALID_FORMAT',
      'itineraryId',
    );
    await t.api.expectError('/tripmaker/itinerary/pdf', { itineraryId: trip.itineraryId }, 'NOT_LOGGED_IN');
    const customer = await user(t, 'customer');
    await t.api.expectError(
      '/tripmaker/itinerary/pdf',
      { ...as(customer.session), itineraryId: trip.itineraryId },
      'FORBIDDEN',
    );
    const visitor = await guest(t);
    await t.api.expectError(
      '/tripmaker/itinerary/pdf',
      { ...as(visitor.session), itineraryId: trip.itineraryId },
      'NOT_LOGGED_IN',
    );
  });

  it("is NOTFOUND on another tenant's host", async () => {
    const other = await tenant(t.service);
    await other.api.expectError(
      '/tripmaker/itinerary/pdf',
      { session: other.admin, itineraryId: trip.itineraryId },
      'NOTFOUND',
    );
  }, 60_000);
});

describe('/tripmaker/itinerary/proposal', () => {
  it('shows employees the same proposal as a page in the agency colours, never a cost or a margin', async () => {
    const answer = await t.api.inject({
      method: 'GET',
      url: `/tripmaker/itinerary/proposal?itineraryId=${trip.itineraryId}&session=${encodeURIComponent(agent.session)}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.body;
    expect(html).toContain('<title>Proposal: Honeymoon in Switzerland ·');
    expect(html).toContain('--brand:#7a1f5c');
    expect(html).toContain(PROPOSAL_CUSTOMER);
    expect(html).toContain(trip.totalText);
    expect(html).toContain(`${PROPOSAL_ACTIVITY} 7`);
    expect(html).toContain('(ZRH)');
    expect(html).toContain('trips@sunrise.example');
    expectNothingHidden(html.replace(/<style>[\s\S]*?<\/style>/g, ''));
  });

  it('answers an error page, not the proposal, to a customer and for an unknown itinerary', async () => {
    const customer = await user(t, 'customer');
    const refused = await t.api.inject({
      method: 'GET',
      url: `/tripmaker/itinerary/proposal?itineraryId=${trip.itineraryId}&session=${encodeURIComponent(customer.session)}`,
    });
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).not.toContain(trip.totalText);
    const unknown = await t.api.inject({
      method: 'GET',
      url: `/tripmaker/itinerary/proposal?itineraryId=999999&session=${encodeURIComponent(agent.session)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });
});
