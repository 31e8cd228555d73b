// Uploads through the API: multipart and base64, recognised by content, kept under generated names in the tenant's
// folder with a row each, downloaded back by their uploader or an admin; every refusal leaves nothing behind,
// including a client that hangs up halfway through its file.
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/support/api.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { tenantDataFolder } from '../../platform/data-folder.js';
import { docxArchive, zipArchive } from '../../../test/support/zip.js';
import type { UploadResult } from './upload.schemas.js';

const MiB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

let t: TestTenant;
let agent: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  [agent, employee] = [await user(t, 'agent'), await user(t, 'employee')];
});
afterAll(() => t?.service.close());

type Part = { name: string; value: string } | { name: string; fileName: string; type?: string; content: Buffer };

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => {
    const disposition =
      'fileName' in part
        ? `form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    const content = 'fileName' in part ? part.content : Buffer.from(part.value);
    return [Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), content, Buffer.from('\r\n')];
  });
  const payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /document/upload with the session as the first field (a browser's FormData in append order). */
async function upload(api: ApiClient, fileName: string, content: Buffer, type?: string) {
  const session = api.session === undefined ? [] : [{ name: 'session', value: api.session }];
  const body = multipart([...session, { name: 'fileToUpload', fileName, content, ...(type ? { type } : {}) }]);
  const answer = await api.inject({ method: 'POST', url: '/document/upload', ...body });
  return answer.json<{ apiStatus: { errorCode: string; errorMessage: string }; apiData: UploadResult | null }>();
}

const base64 = (content: Buffer) => content.toString('base64');
const uploadsFolder = () => path.join(tenantDataFolder(t.service.config.dataDir, t.record.tenantId), 'uploads');
const storedFiles = async () => (await readdir(uploadsFolder()).catch(() => [])).sort();
const rowCount = () => t.db(async (sql) => Number((await sql`SELECT count(*) AS n FROM uploads`)[0]?.n));
const download = (api: ApiClient, savedFileName: string) =>
  api.inject({ method: 'POST', url: '/document/download', payload: { session: api.session, savedFileName } });

describe('an upload and its download', () => {
  it('multipart: a PDF is stored under a generated name with its row, and its uploader downloads the same bytes', async () => {
    const result = await upload(agent.api, '../../etc/Quote «final» №7.pdf', PDF, 'text/html');
    expect(result.apiStatus.errorCode).toBe('OK');
    const saved = result.apiData as UploadResult;
    expect(saved).toEqual({
      receivedSize: PDF.length,
      originalName: 'Quote «final» №7.pdf',
      savedFileName: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
    });
    expect(await storedFiles()).toContain(saved.savedFileName);
    const [row] = await t.db((sql) => sql`SELECT * FROM uploads WHERE saved_name = ${saved.savedFileName}`);
    expect(row).toMatchObject({
      original_name: 'Quote «final» №7.pdf',
      size_bytes: PDF.length,
      content_type: 'application/pdf',
      sha256: createHash('sha256').update(PDF).digest('hex'),
      uploaded_by: agent.userId,
    });

    const answer = await download(agent.api, saved.savedFileName);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(PDF)).toBe(true);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Quote _final_ _7.pdf"; filename*=UTF-8''Quote%20%C2%ABfinal%C2%BB%20%E2%84%967.pdf`,
    );
  });

  it('upload2: base64 (also as a data: URL with line breaks) of a PNG, named by fileName or uploadedFileName', async () => {
    const saved = await employee.api.ok<UploadResult>('/document/upload2', {
      fileToUpload: base64(PNG),
      fileName: 'scan "1".jpeg',
      uploadedFileName: 'ignored.png',
    });
    expect(saved).toEqual({
      receivedSize: PNG.length,
      originalName: 'scan "1".jpeg',
      savedFileName: expect.any(String),
    });
    expect(saved.savedFileName).toMatch(/\.png$/);
    expect((await download(employee.api, saved.savedFileName)).headers['content-disposition']).toBe(
      `attachment; filename="scan _1_.jpeg"; filename*=UTF-8''scan%20%221%22.jpeg`,
    );
    const wrapped = `data:image/png;base64,${base64(PNG).replace(/(.{8})/g, '$1\r\n')}`;
    const again = await employee.api.ok<UploadResult>('/document/upload2', {
      fileToUpload: wrapped,
      uploadedFileName: 'C:\\Users\\me\\photo.png',
    });
    expect(again.originalName).toBe('photo.png');
    // an HTML form's body too, its '+' percent-encoded or, by a careless client, sent as it is (read as a space)
    const withPlus = Buffer.concat([PNG, Buffer.from([0xfb, 0xff, 0xbf])]); // base64 ends in '+/+/'
    expect(base64(withPlus).endsWith('+/+/')).toBe(true);
    for (const encode of [(text: string) => encodeURIComponent(text), (text: string) => text.replaceAll('/', '%2F')]) {
      const form = await employee.api.inject({
        method: 'POST',
        url: '/document/upload2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `session=${employee.session}&fileName=form.png&fileToUpload=${encode(base64(withPlus))}`,
      });
      const stored = form.json().apiData as UploadResult;
      expect(stored).toMatchObject({ receivedSize: withPlus.length, originalName: 'form.png' });
      expect((await download(employee.api, stored.savedFileName)).rawPayload.equals(withPlus)).toBe(true);
    }
    const unnamed = await employee.api.ok<UploadResult>('/document/upload2', { fileToUpload: base64(PNG) });
    expect(unnamed.originalName).toBe('upload.png');
    const answer = await employee.api.inject({
      method: 'GET',
      url: `/document/download?savedFileName=${again.savedFileName}&session=${employee.session}`,
    });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.rawPayload.equals(PNG)).toBe(true);
  });

  it('an employee downloads only its own uploads, an admin any of the tenant; others and unknown names: NOTFOUND', async () => {
    const { savedFileName } = await agent.api.ok<UploadResult>('/document/upload2', { fileToUpload: base64(PDF) });
    const refused = await download(employee.api, savedFileName);
    expect(refused.json()).toEqual({
      apiStatus: { errorCode: 'NOTFOUND', errorMessage: 'Upload not found' },
      apiData: null,
    });
    expect((await download(t.adminApi, savedFileName)).rawPayload.equals(PDF)).toBe(true);
    await t.adminApi.expectError(
      '/document/download',
      { savedFileName: `${'0'.repeat(32)}.pdf` },
      'NOTFOUND',
      'Upload',
    );
    await t.adminApi.expectError(
      '/document/download',
      { savedFileName: '../secret.key' },
      'INVALID_FORMAT',
      'savedFileName',
    );
    await t.adminApi.expectError('/document/download', {}, 'MISSING_PARAMETER', 'savedFileName');
    // the row without its file (removed by hand): NOTFOUND, not a failure mid-answer
    const { savedFileName: gone } = await agent.api.ok<UploadResult>('/document/upload2', {
      fileToUpload: base64(PDF),
    });
    await rm(path.join(uploadsFolder(), gone));
    await agent.api.expectError('/document/download', { savedFileName: gone }, 'NOTFOUND', 'Upload');
  });

  it('uploads and downloads are for employees only', async () => {
    const customer = await user(t, 'customer');
    const { savedFileName } = await agent.api.ok<UploadResult>('/document/upload2', { fileToUpload: base64(PDF) });
    for (const path of ['/document/upload2', '/document/download']) {
      const body = { fileToUpload: base64(PDF), savedFileName };
      await customer.api.expectError(path, body, 'FORBIDDEN');
      await (await guest(t)).api.expectError(path, body, 'NOT_LOGGED_IN');
      await t.api.expectError(path, { ...body, session: t.provisioned.systemSession }, 'NOT_LOGGED_IN');
      await t.api.expectError(path, body, 'NOT_LOGGED_IN');
    }
    expect((await upload(customer.api, 'a.pdf', PDF)).apiStatus.errorCode).toBe('FORBIDDEN');
    expect((await upload(t.api, 'a.pdf', PDF)).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    // the session in a header works as well as a field before the file
    const viaHeader = multipart([{ name: 'fileToUpload', fileName: 'a.pdf', content: PDF }]);
    const answer = await t.api.inject({
      method: 'POST',
      url: '/document/upload',
      payload: viaHeader.payload,
      headers: { ...viaHeader.headers, 'x-auth-request-access-token': agent.session },
    });
    expect(answer.json().apiStatus.errorCode).toBe('OK');
  });
});

describe('what is accepted, by content', () => {
  const workbook = async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Passengers').addRows([
      ['Name', 'Passport'],
      ['A. Traveller', 'X1234567'],
    ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  const accepted: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
    ['a JPEG', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), 'jpg', 'image/jpeg'],
    ['a WebP', () => Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), 'webp', 'image/webp'],
    [
      'a HEIC',
      () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')]),
      'heic',
      'image/heic',
    ],
    [
      'an XLSX written by exceljs',
      workbook,
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'a DOCX',
      () => docxArchive('Dear traveller'),
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['a CSV', () => Buffer.from('name,passport\nA. Traveller,X1234567\n'), 'csv', 'text/csv; charset=utf-8'],
    ['UTF-8 text with a BOM', () => Buffer.from('\ufeffNotes: café ✓ 2 > 1\n'), 'txt', 'text/plain; charset=utf-8'],
  ];
  it.each(accepted)('%s', async (_what, make, extension, mediaType) => {
    const content = await make();
    const saved = await agent.api.ok<UploadResult>('/document/upload2', { fileToUpload: base64(content) });
    expect(saved.savedFileName.endsWith(`.${extension}`)).toBe(true);
    const answer = await download(agent.api, saved.savedFileName);
    expect(answer.headers['content-type']).toBe(mediaType);
    expect(answer.rawPayload.equals(content)).toBe(true);
  });

  const refused: Array<[string, Buffer, string]> = [
    ['HTML named .pdf and declared a PDF', Buffer.from('<!doctype html><script>alert(1)</script>'), 'markup'],
    ['HTML after a BOM and spaces', Buffer.from('\ufeff \n <html><body>hi</body></html>'), 'markup'],
    ['SVG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'markup'],
    ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'executable'],
    ['an ELF executable', Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(60)]), 'executable'],
    ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'executable'],
    ['a ZIP that is no Office document', zipArchive([['notes.txt', 'hello']]), 'ZIP'],
    ['text that is not UTF-8', Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x21]), 'not a document'],
    ['text with a NUL byte', Buffer.from('abc\0def'), 'not a document'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'), 'not a document'],
  ];
  it.each(refused)('refused: %s (INVALID_FORMAT, nothing kept)', async (_what, content, why) => {
    const [filesBefore, rowsBefore] = [await storedFiles(), await rowCount()];
    const answer = await upload(agent.api, 'document.pdf', content, 'application/pdf');
    expect(answer.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(answer.apiStatus.errorMessage).toContain('fileToUpload');
    expect(answer.apiStatus.errorMessage).toContain(why);
    await agent.api.expectError('/document/upload2', { fileToUpload: base64(content) }, 'INVALID_FORMAT', why);
    expect([await storedFiles(), await rowCount()]).toEqual([filesBefore, rowsBefore]);
  });
});

describe('limits and malformed requests', () => {
  it('a 10 MiB file is accepted; one byte more is refused while it streams and leaves nothing', async () => {
    const line = Buffer.from('0123456789abcdef,0123456789abcdef,0123456789abcdef,0123456789abcde\n');
    const tenMiB = Buffer.alloc(10 * MiB, line);
    expect((await upload(agent.api, 'big.csv', tenMiB)).apiData?.receivedSize).toBe(10 * MiB);
    const [filesBefore, rowsBefore] = [await storedFiles(), await rowCount()];
    const over = await upload(agent.api, 'big.csv', Buffer.alloc(10 * MiB + 1, line));
    expect(over.apiStatus).toEqual({
      errorCode: 'INVALID_FORMAT',
      errorMessage: 'Parameter fileToUpload is larger than 10 MiB',
    });
    await agent.api.expectError(
      '/document/upload2',
      { fileToUpload: base64(Buffer.alloc(10 * MiB + 1, line)) },
      'INVALID_FORMAT',
      'fileToUpload is larger than 10 MiB',
    );
    expect([await storedFiles(), await rowCount()]).toEqual([filesBefore, rowsBefore]);
  });

  it('upload2 takes a body of 15 MiB; a larger one, and 1 MiB elsewhere, answer 413', async () => {
    const padded = { fileToUpload: base64(PDF), fileName: 'x'.repeat(900), note: 'n'.repeat(14 * MiB) };
    expect((await agent.api.call('/document/upload2', padded)).apiStatus.errorCode).toBe('OK');
    const tooLarge = await agent.api.inject({
      method: 'POST',
      url: '/document/upload2',
      payload: { session: agent.session, fileToUpload: 'A'.repeat(15 * MiB + 8) },
    });
    expect([tooLarge.statusCode, tooLarge.json().apiStatus.errorCode]).toEqual([413, 'INVALID_FORMAT']);
    const elsewhere = await agent.api.inject({
      method: 'POST',
      url: '/document/download',
      payload: { session: agent.session, savedFileName: `${'0'.repeat(32)}.pdf`, note: 'n'.repeat(MiB) },
    });
    expect(elsewhere.statusCode).toBe(413);
    const openapi = (await t.api.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = openapi.paths['/document/upload2'].post;
    expect(operation['x-body-limit']).toBe(15 * MiB);
    expect(operation.description).toContain('Request body: at most 15 MiB.');
    const multipartOperation = openapi.paths['/document/upload'].post;
    expect(Object.keys(multipartOperation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(multipartOperation.description).toContain('The file fileToUpload: at most 10 MiB.');
  });

  it('refusals name fileToUpload: missing, not base64, empty, not a file part', async () => {
    await agent.api.expectError('/document/upload2', {}, 'MISSING_PARAMETER', 'fileToUpload');
    await agent.api.expectError('/document/upload2', { fileToUpload: '' }, 'MISSING_PARAMETER', 'fileToUpload');
    for (const bad of ['JVBERi0x*', 'JVBERi0', 'JV=ERi0x', 'JVBERi0x=', '-_-_']) {
      await agent.api.expectError('/document/upload2', { fileToUpload: bad }, 'INVALID_FORMAT', 'not valid base64');
    }
    await agent.api.expectError(
      '/document/upload2',
      { fileToUpload: 'data:text/plain;base64,' },
      'INVALID_FORMAT',
      'empty',
    );
    expect((await upload(agent.api, 'empty.pdf', Buffer.alloc(0))).apiStatus.errorMessage).toBe(
      'Parameter fileToUpload is empty',
    );
    const onlyFields = multipart([{ name: 'session', value: agent.session }]);
    const noFile = await t.api.inject({ method: 'POST', url: '/document/upload', ...onlyFields });
    expect(noFile.json().apiStatus).toEqual({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: 'Missing parameter: fileToUpload',
    });
    const asText = multipart([
      { name: 'session', value: agent.session },
      { name: 'fileToUpload', value: base64(PDF) },
    ]);
    const text = await t.api.inject({ method: 'POST', url: '/document/upload', ...asText });
    expect(text.json().apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(text.json().apiStatus.errorMessage).toContain('must be a file part');
    await agent.api.expectError('/document/upload', { fileToUpload: base64(PDF) }, 'INVALID_FORMAT', 'file part');
    // another operation still refuses multipart bodies (415): the parser lives in the upload route's scope only
    const elsewhere = await t.api.inject({ method: 'POST', url: '/document/upload2', ...asText });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('a session field sent after the file is not read: NOT_LOGGED_IN, nothing kept', async () => {
    const filesBefore = await storedFiles();
    const late = multipart([
      { name: 'fileToUpload', fileName: 'a.pdf', content: PDF },
      { name: 'session', value: agent.session },
    ]);
    const answer = await t.api.inject({ method: 'POST', url: '/document/upload', ...late });
    expect(answer.json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('a failed insert removes the stored file again', async () => {
    await t.db((sql) =>
      sql`
        CREATE FUNCTION refuse_upload() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
        CREATE TRIGGER refuse_upload BEFORE INSERT ON uploads FOR EACH ROW
          WHEN (NEW.original_name = 'refused-by-trigger.pdf') EXECUTE FUNCTION refuse_upload();`.simple(),
    );
    const filesBefore = await storedFiles();
    const answer = await upload(agent.api, 'refused-by-trigger.pdf', PDF);
    expect(answer.apiStatus.errorCode).toBe('GENERAL');
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('a client that hangs up halfway through its file leaves no file behind', async () => {
    await t.service.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.service.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    const filesBefore = await storedFiles();
    const { payload, headers } = multipart([
      { name: 'session', value: agent.session },
      { name: 'fileToUpload', fileName: 'half.csv', content: Buffer.alloc(4 * MiB, 'a,b\n') },
    ]);
    const socket = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /document/upload HTTP/1.1\r\nHost: ${t.host}\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length / 2));
    // the half has reached the server and is being written: a temporary file exists
    await until(async () => (await storedFiles()).some((name) => name.endsWith('.part')), 20_000);
    socket.destroy();
    await until(async () => JSON.stringify(await storedFiles()) === JSON.stringify(filesBefore), 20_000);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
