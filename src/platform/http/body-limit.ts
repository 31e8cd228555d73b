// Operations whose body may exceed the server's 1 MiB (contract §5: uploads and imports) declare `bodyLimit`; the
// docs say so in the operation's description, beside the `x-body-limit` extension of its OpenAPI operation.

/** The description with the body limit a reader of the docs needs (contract §5: uploads state their limits). */
export function describedWithLimit(description: string | undefined, bodyLimit: number | undefined, fileField?: string) {
  if (!bodyLimit) return description;
  const mib = `${Math.round((bodyLimit / 1024 / 1024) * 100) / 100} MiB`;
  const limit = fileField ? `The file ${fileField}: at most ${mib}.` : `Request body: at most ${mib}.`;
  return description ? `${description} ${limit}` : limit;
}
