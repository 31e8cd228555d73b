// Schema pieces every visa schema file uses: ids, texts, dates, country codes and enums.
import { type TSchema, Type } from '@sinclair/typebox';
import { RecordId } from '../../platform/http/schema.js';
import { DOCUMENT_TYPES, type DocumentType, VISA_TYPES, type VisaType } from './visas.rules.js';

/** Record ids: the kernel's one id type. */
export const Id = RecordId;
export const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
export const DateOnly = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-MM-dd)` });
export const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` });
// Checked against the country list by the service (INVALID_FORMAT naming the parameter), not by a pattern here: a
// code of the wrong shape and an unknown one are answered alike.
export const CountryCode = (description: string) =>
  Type.String({ minLength: 1, maxLength: 60, description: `${description}: ISO 3166-1 alpha-2 code (any case)` });

// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
export const enumOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description: description ?? values.join(', ') }));
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const VisaTypeSchema = enumOf<VisaType>(VISA_TYPES);
export const DocumentTypeSchema = enumOf<DocumentType>(DOCUMENT_TYPES);
