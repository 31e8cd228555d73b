// The proposal's renderers on a view made here: the PDF's text as pdf.js reads it back (the cover, the day plan, the
// services, inclusions and exclusions, the total; Arabic and accented names as written), and the employees' page
// with the same figures, every value escaped.
import { describe, expect, it } from 'vitest';
import { brandingOf } from '../../../platform/rendering/branding.js';
import { readPdf } from '../../../../test/support/pdf.js';
import { renderProposalPdf } from './proposal-pdf.js';
import { proposalPage } from './proposal-page.js';
import { type ProposalItem, type ProposalView, proposalFigures, readableCode } from './proposal.view.js';

function sampleView(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    agency: brandingOf('Sunrise Tours', { brandColor: '#7a1f5c', contactEmail: 'trips@sunrise.example' }),
    project: {
      projectName: 'Honeymoon in Switzerland',
      customerName: 'مريم خليل',
      customerEmail: 'mariam@example.com',
      startDate: '2026-12-10',
      endDate: '2026-12-14',
      adults: 2,
      children: 1,
      infants: 0,
    },
    itineraryName: 'Option A: lakes and mountains',
    itineraryDescription: 'Five days between Zürich and the Alps.',
    currency: 'AED',
    totalSellingMinor: 1_234_550,
    issuedOn: '2026-11-29',
    flights: [
      {
        dayNumber: 1,
        airline: 'EK',
        airlineName: 'Emirates',
        flightNumber: '87',
        origin: 'DXB',
        originName: 'Dubai',
        destination: 'ZRH',
        destinationName: 'Zürich',
        departureDate: '2026-12-10',
        departureTime: '08:35',
        arrivalTime: '12:55',
        cabinClass: 'BUSINESS',
      },
    ],
    hotels: [
      {
        dayNumber: 1,
        hotelName: 'Hôtel Château Gütsch',
        roomType: 'Deluxe lake view',
        boardType: 'HALF_BOARD',
        checkIn: '2026-12-10',
        checkOut: '2026-12-13',
        nights: 3,
      },
    ],
    activities: [{ dayNumber: 2, title: 'Jungfraujoch excursion', description: 'Train to the Top of Europe' }],
    services: [{ dayNumber: 1, title: 'Private transfer', description: 'Zürich airport to Lucerne' }],
    exclusions: [{ title: 'Visa fees' }, { title: 'Travel insurance', description: 'Recommended' }],
    ...overrides,
  };
}

describe('the proposal as a PDF', () => {
  it('shows the cover, the day plan, every service, inclusions, exclusions and the total, in Arabic and accents', async () => {
    const buffer = await renderProposalPdf(sampleView());
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages, info } = await readPdf(buffer);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const cover = pages[0] ?? '';
    for (const part of [
      'TRAVEL PROPOSAL',
      'Sunrise Tours',
      'Honeymoon in Switzerland',
      'مريم',
      'خليل',
      '2 adults, 1 child',
    ]) {
      expect(cover).toContain(part);
    }
    expect(cover).toContain('Thu 10 Dec 2026 – Mon 14 Dec 2026');
    expect(cover).toContain('AED 12,345.50');
    for (const part of [
      'Day 1',
      'Thu 10 Dec 2026',
      'Day 2',
      'Fri 11 Dec 2026',
      'Day 4',
      'Check out of Hôtel Château Gütsch',
      'Day 5',
      'At leisure',
      'Emirates (EK)',
      'EK 87',
      'Zürich (ZRH)',
      'Dubai (DXB)',
      '08:35',
      '12:55',
      'Business',
      'Deluxe lake view',
      'Half board',
      'Jungfraujoch excursion',
      'Private transfer',
      'What is included',
      '3 nights at Hôtel Château Gütsch',
      'What is not included',
      'Visa fees',
      'Travel insurance: Recommended',
      'Total price',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('?');
    expect(info.Title).toBe('Proposal: Honeymoon in Switzerland');
    expect(info.Author).toBe('Sunrise Tours');
  });

  it('goes on over several pages for a long trip, every day of it in the plan', async () => {
    const activities: ProposalItem[] = Array.from({ length: 30 }, (_, index) => ({
      dayNumber: index + 1,
      title: `Excursion number ${index + 1}`,
      description: 'A full day with a local guide, lunch and the entrance fees of every site on the way',
    }));
    const view = sampleView({
      activities,
      project: { ...sampleView().project, endDate: '2027-01-08' },
    });
    const { pages, text } = await readPdf(await renderProposalPdf(view));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('Day 30');
    expect(text).toContain('Fri 8 Jan 2027');
    expect(text).toContain('Excursion number 30');
    expect(pages.at(-1)).toMatch(new RegExp(`Page ${pages.length} of ${pages.length}`));
  });

  it('places a component without a day number on the day of its own date, and one with neither apart', async () => {
    const view = sampleView({
      flights: [
        {
          ...(sampleView().flights[0] ?? { airline: '', flightNumber: '', origin: '', destination: '' }),
          dayNumber: undefined,
          departureDate: '2026-12-13',
        },
      ],
      activities: [{ title: 'Chocolate workshop' }],
    });
    const figures = proposalFigures(view);
    expect(figures.days[3]?.entries.some((entry) => entry.startsWith('Flight EK 87'))).toBe(true);
    expect(figures.anyDay).toEqual(['Chocolate workshop']);
  });

  it('refuses a total that is not whole minor units', async () => {
    await expect(renderProposalPdf(sampleView({ totalSellingMinor: 10.5 }))).rejects.toThrow(/minor units/);
  });
});

describe('the proposal as a page', () => {
  it('shows the same figures as the PDF, in the agency colours, every value escaped', () => {
    const html = proposalPage(sampleView({ activities: [{ dayNumber: 2, title: '<script>alert(1)</script>' }] }));
    expect(html).toContain('<title>Proposal: Honeymoon in Switzerland · Sunrise Tours</title>');
    expect(html).toContain('--brand:#7a1f5c');
    expect(html).toContain('مريم خليل');
    expect(html).toContain('Hôtel Château Gütsch');
    expect(html).toContain('AED 12,345.50');
    expect(html).toContain('Thu 10 Dec 2026 – Mon 14 Dec 2026');
    expect(html).toContain('Emirates (EK)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('trips@sunrise.example');
  });

  it('names codes as people read them', () => {
    expect(readableCode('ALL_INCLUSIVE')).toBe('All inclusive');
    expect(readableCode('Deluxe King')).toBe('Deluxe King');
    expect(readableCode(undefined)).toBe('');
  });
});
