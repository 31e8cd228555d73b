// The names an upload goes by outside our storage: the client's original name, kept without any directory part
// and without control characters, and the Content-Disposition header that hands it back on download, safe for
// every browser (RFC 6266: a plain ASCII fallback, and the exact name percent-encoded in `filename*`).

const MAX_NAME_LENGTH = 255;

/** The client's name for its file, as kept: the last path segment, control characters removed, at most 255 long. */
export function originalNameOf(given: string | undefined, fallbackExtension: string): string {
  const lastSegment = (given ?? '').split(/[/\\]/).pop() ?? '';
  // C0 and C1 controls and the bidirectional overrides that make "exe.pdf" read as "fdp.exe"
  const cleaned = lastSegment.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  const name = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return name ? [...name].slice(0, MAX_NAME_LENGTH).join('') : `upload.${fallbackExtension}`;
}

/** `attachment` with the name: ASCII look-alike in `filename`, the exact name in `filename*` (UTF-8). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
