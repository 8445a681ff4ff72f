import type { FastifyInstance } from 'fastify';
/** A multipart body of scan files (field `files`, in order) and text fields, as the upload screens send it. */
export function multipartFiles(
  files: Array<{ name: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const boundary = `----yjscan${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts scan files to a subject as the upload screens do (`answerCard`, `uploadorigin`), signed in by `cookie`. */
export function postScans(
  app: FastifyInstance,
  cookie: string,
  subjectId: number,
  files: Array<{ name: string; data: Buffer }>,
  fields: Record<string, string> = {},
  path = 'answerCard',
) {
  const m = multipartFiles(files, fields);
  return app.inject({
    method: 'POST',
    url: `/filter/api/subject/${subjectId}/${path}`,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie, ...m.headers },
    payload: m.payload,
  });
}
