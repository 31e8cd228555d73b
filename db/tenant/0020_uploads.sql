-- Files employees upload (/document/upload, /document/upload2), owned by the documents area. The bytes live in the
-- tenant's folder of the file storage (src/areas/documents/storage/) under `saved_name`, a name we generate; this
-- row is written only once the whole file was accepted and stored, and is the only way to find it again.
CREATE TABLE uploads (
  upload_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- generated (32 hex digits and the type's extension), never a path
  saved_name    text NOT NULL UNIQUE CHECK (saved_name ~ '^[0-9a-f]{32}\.[a-z]{3,4}$'),
  -- the name the client gave, without any directory part; shown back in Content-Disposition on download
  original_name text NOT NULL CHECK (original_name <> '' AND length(original_name) <= 255),
  size_bytes    integer NOT NULL CHECK (size_bytes > 0),
  -- the type recognised from the content (upload-types.ts), never the one the client declared
  content_type  text NOT NULL,
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- the employee who uploaded it (an employee downloads its own uploads, an admin any)
  uploaded_by   integer REFERENCES users ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_uploaded_by ON uploads (uploaded_by, created_at DESC);
