// The pages a browser opens from an e-mail's link (issue 30, item 7), over HTTP on a real service: a malformed,
// unknown or expired link answers a page in the agency's name with its contact and the status that says it, never
// the API's JSON envelope; /favicon.ico answers on every host; the OpenAPI document declares the pages text/html.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import type { Service } from '../../service.js';

let service: Service;
let t: TestTenant;
// the agency's one e-mail and phone, the ones its documents print
const CONTACT = { contactEmail: 'help@agency.example', phone: '+971 4 555 0100' };

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
  await t.adminApi.ok('/settings/write', { ...CONTACT, brandColor: '#7a1f5c' });
});
afterAll(() => service?.close());

const open = (url: string, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'GET', url, headers: { host: t.host, ...headers } });

/** A branded HTML page: the agency's name and contact, no envelope. */
function expectAgencyPage(answer: LightMyRequestResponse, status: number): void {
  expect([answer.statusCode, answer.headers['content-type']]).toEqual([status, 'text/html; charset=utf-8']);
  expect(answer.body).toMatch(/^<!doctype html>/i);
  expect(answer.body).toContain(t.record.tenantName);
  expect(answer.body).toContain(CONTACT.contactEmail);
  expect(answer.body).not.toContain('apiStatus');
}

describe('a malformed link answers a branded page with 400', () => {
  it.each([
    ['a tickets page whose id is not a number', '/booking/tickets/abc?code=X'],
    ['a tickets page without its code', '/booking/tickets/12'],
    ['a quote page without its token', '/document/quoteResponse'],
    ["a payment's return without its reference", '/payment/offline/success'],
    ["a payment's return with an over-long reference", `/payment/offline/success?ref=${'R'.repeat(101)}`],
    ["an order's tickets without the token", '/payment/offline/tickets?ref=ON-1'],
    ["an invoice's payment page without its key", '/document/invoicePayment?invoice=INV-2026-000001'],
    ["a payment's retry address without its reference", '/payment/hotel/retry'],
    ["a payment's retry address with an over-long token", `/payment/visa/retry?ref=VI-1&t=${'T'.repeat(101)}`],
  ])('%s', async (_what, url) => {
    const answer = await open(url);
    expectAgencyPage(answer, 400);
    expect(answer.body).toContain('This link is incomplete or damaged.');
    expect(answer.body).toContain('--brand:#7a1f5c;');
    expect(answer.body).toContain('<a href="tel:+97145550100"><bdi>+971 4 555 0100</bdi></a>');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it("a quote page's form with a decision it does not know", async () => {
    const answer = await service.app.inject({
      method: 'POST',
      url: '/document/quoteResponse',
      headers: { host: t.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=whatever&decision=maybe',
    });
    expectAgencyPage(answer, 400);
  });

  it('in Arabic for Accept-Language: ar', async () => {
    const answer = await open('/booking/tickets/abc?code=X', { 'accept-language': 'ar' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('<html lang="ar" dir="rtl">');
    expect(answer.body).toContain('هذا الرابط غير مكتمل أو تالف');
  });
});

describe('an unknown or expired link answers a branded page with 404 or 410', () => {
  it('an unknown tickets page, quote token or order tickets token: 404 with the contact', async () => {
    for (const url of [
      '/booking/tickets/999999?code=NOPE',
      '/document/quoteResponse?token=no-such-token',
      '/payment/offline/tickets?ref=ON-1&token=no-such-token',
    ]) {
      const answer = await open(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.body, url).toContain(CONTACT.contactEmail);
      expect(answer.body, url).toContain(t.record.tenantName);
    }
  });

  it("an invoice's payment page with a wrong key: 200 naming nothing, in the agency's colours", async () => {
    const answer = await open('/document/invoicePayment?invoice=INV-2026-000001&key=0123456789abcdef');
    expectAgencyPage(answer, 200);
    expect(answer.body).toContain('This link is not valid');
    expect(answer.body).toContain('--brand:#7a1f5c;');
  });

  it("a page of a tenant on the base domain: 404, in the platform's name", async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: '/booking/tickets/12?code=X',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(answer.body).toContain('Travel Commerce');
  });

  it('the API itself still answers envelopes', async () => {
    const answer = await t.adminApi.call('/booking/getTickets', { id: 'abc', code: 'X' });
    expect(answer.apiStatus.errorCode).toBe('INVALID_FORMAT');
  });
});

describe('the favicon', () => {
  it('answers on the base domain and on tenant hosts', async () => {
    for (const host of [TEST_BASE_DOMAIN, t.host, 'unknown-agency.localhost']) {
      const answer = await service.app.inject({ method: 'GET', url: '/favicon.ico', headers: { host } });
      expect([host, answer.statusCode, answer.headers['content-type']]).toEqual([host, 200, 'image/x-icon']);
      expect(answer.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the pages text/html, their failures too, and not the envelope', async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: TEST_BASE_DOMAIN },
    });
    const paths = answer.json().paths;
    const pages = [
      paths['/booking/tickets/{id}'].get,
      paths['/document/quoteResponse'].get,
      paths['/document/quoteResponse'].post,
      paths['/document/invoicePayment'].get,
      paths['/payment/offline/success'].get,
      paths['/payment/offline/tickets'].get,
      paths['/payment/blm/retry'].get,
      paths['/realms/{realm}/protocol/openid-connect/auth'].get,
    ];
    for (const page of pages) {
      expect(Object.keys(page.responses['200'].content), page.operationId).toEqual(['text/html']);
      expect(Object.keys(page.responses['400'].content), page.operationId).toEqual(['text/html']);
    }
    expect(Object.keys(paths['/booking/tickets/{id}'].get.responses)).toEqual(['200', '400', '404', '410', '429']);
    expect(Object.keys(paths['/booking/getTickets'].post.responses['200'].content)).toEqual(['application/json']);
  });
});
