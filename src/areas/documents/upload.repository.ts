// SQL of the uploads table. Plain rows out.
import type { Queryable } from '../../platform/database/connections.js';

export interface UploadRow {
  upload_id: number;
  saved_name: string;
  original_name: string;
  size_bytes: number;
  content_type: string;
  sha256: string;
  uploaded_by: number | null;
  created_at: Date;
}

export interface NewUpload {
  savedName: string;
  originalName: string;
  sizeBytes: number;
  contentType: string;
  sha256: string;
  uploadedBy: number | null;
}

export async function insertUpload(db: Queryable, upload: NewUpload, now: Date): Promise<UploadRow> {
  const [row] = await db<UploadRow[]>`
    INSERT INTO uploads (saved_name, original_name, size_bytes, content_type, sha256, uploaded_by, created_at)
    VALUES (${upload.savedName}, ${upload.originalName}, ${upload.sizeBytes}, ${upload.contentType},
            ${upload.sha256}, ${upload.uploadedBy}, ${now})
    RETURNING *`;
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

export async function selectUpload(db: Queryable, savedName: string): Promise<UploadRow | undefined> {
  const [row] = await db<UploadRow[]>`SELECT * FROM uploads WHERE saved_name = ${savedName}`;
  return row;
}
