// The pure rules of the visa area: month arithmetic of the passport check, applicant completeness, the moves of
// applications, documents and deliveries.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  applicantStatus,
  checkApplicationMove,
  checkDocumentMove,
  deliveryStatusAfter,
  missingDocuments,
  passportWarning,
} from './visas.rules.js';

describe('passport check', () => {
  it('adds months, the 31st of a shorter month becoming its last day', () => {
    expect(addMonths('2030-06-15', 6)).toBe('2030-12-15');
    expect(addMonths('2030-08-31', 6)).toBe('2031-02-28');
    expect(addMonths('2031-08-31', 6)).toBe('2032-02-29');
    expect(addMonths('2030-12-01', 1)).toBe('2031-01-01');
  });

  it('warns below six months after the return, or the travel date without one; nothing without dates', () => {
    expect(passportWarning('2030-12-15', '2030-06-01', '2030-06-15')).toBeNull();
    expect(passportWarning('2030-12-14', '2030-06-01', '2030-06-15')).toContain('less than 6 months after 2030-06-15');
    expect(passportWarning('2030-11-30', '2030-06-01', null)).toContain('after 2030-06-01');
    expect(passportWarning('2030-05-01', '2030-06-01', '2030-06-15')).toContain('before the travel date');
    expect(passportWarning(null, '2030-06-01', null)).toBeNull();
    expect(passportWarning('2030-01-01', null, null)).toBeNull();
  });
});

describe('applicant completeness', () => {
  const doc = (documentType: string, status: 'UPLOADED' | 'VERIFIED' | 'REJECTED') => ({ documentType, status });
  it('is complete once every required type is verified and nothing waits or was rejected', () => {
    const required = ['PASSPORT_COPY', 'PHOTO'];
    expect(applicantStatus(required, [])).toBe('DOCUMENTS_PENDING');
    expect(applicantStatus(required, [doc('PASSPORT_COPY', 'VERIFIED'), doc('PHOTO', 'VERIFIED')])).toBe(
      'DOCUMENTS_COMPLETE',
    );
    const withExtra = [doc('PASSPORT_COPY', 'VERIFIED'), doc('PHOTO', 'VERIFIED'), doc('OTHER', 'UPLOADED')];
    expect(applicantStatus(required, withExtra)).toBe('DOCUMENTS_PENDING');
    expect(applicantStatus(required, [doc('PASSPORT_COPY', 'VERIFIED'), doc('PHOTO', 'REJECTED')])).toBe(
      'DOCUMENTS_PENDING',
    );
    expect(missingDocuments(required, [doc('PHOTO', 'VERIFIED'), doc('PASSPORT_COPY', 'UPLOADED')])).toEqual([
      'PASSPORT_COPY',
    ]);
  });
});

describe('status moves', () => {
  it('lets an application go forward one step or be cancelled while open', () => {
    expect(() => checkApplicationMove('VA-1', 'NEW', 'IN_PROGRESS')).not.toThrow();
    expect(() => checkApplicationMove('VA-1', 'SUBMITTED', 'REJECTED')).not.toThrow();
    expect(() => checkApplicationMove('VA-1', 'IN_PROGRESS', 'CANCELLED')).not.toThrow();
    expect(() => checkApplicationMove('VA-1', 'NEW', 'APPROVED')).toThrow('VA-1 is NEW; it cannot move to APPROVED');
    expect(() => checkApplicationMove('VA-1', 'REJECTED', 'CANCELLED')).toThrow('(it is closed)');
  });

  it('checks a document once and lets a verified one be rejected, never the reverse', () => {
    expect(() => checkDocumentMove(1, 'UPLOADED', 'VERIFIED')).not.toThrow();
    expect(() => checkDocumentMove(1, 'VERIFIED', 'REJECTED')).not.toThrow();
    expect(() => checkDocumentMove(1, 'VERIFIED', 'UPLOADED')).toThrow('is VERIFIED');
    expect(() => checkDocumentMove(1, 'REJECTED', 'VERIFIED')).toThrow('new fileUrl');
  });

  it('schedules a delivery by its date and sends only a courier with its tracking', () => {
    const courier = {
      deliveryType: 'COURIER' as const,
      scheduledDate: null,
      trackingNumber: null,
      courierCompany: null,
    };
    expect(deliveryStatusAfter(null, null, undefined, courier)).toBe('PENDING');
    expect(deliveryStatusAfter(null, null, undefined, { ...courier, scheduledDate: '2030-01-01' })).toBe('SCHEDULED');
    expect(deliveryStatusAfter(7, 'PENDING', undefined, { ...courier, scheduledDate: '2030-01-01' })).toBe('SCHEDULED');
    const tracked = { ...courier, scheduledDate: '2030-01-01', trackingNumber: 'T1', courierCompany: 'DHL' };
    expect(deliveryStatusAfter(7, 'SCHEDULED', 'IN_TRANSIT', tracked)).toBe('IN_TRANSIT');
    expect(() => deliveryStatusAfter(7, 'SCHEDULED', 'IN_TRANSIT', { ...tracked, deliveryType: 'PICKUP' })).toThrow(
      'PICKUP',
    );
    expect(() => deliveryStatusAfter(7, 'DELIVERED', 'CANCELLED', tracked)).toThrow('is DELIVERED');
  });
});
