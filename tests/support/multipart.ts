/**
 * A multipart/form-data body as the browser sends an upload (src/contracts/common/uploads.ts): the
 * JSON body in the `payload` part, each file in a `files` part. Answers the body and its headers,
 * for `api.post(url, body, { headers })`.
 */
import { randomBytes } from 'node:crypto';
import { UPLOAD_PARTS } from '@contracts/common/uploads';

export type UploadFile = { name: string; bytes: Buffer | string; type?: string; field?: string };

export function multipart(payload: unknown, files: readonly UploadFile[], extra: { name: string; value: string }[] = []): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----cc${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = (s: string) => chunks.push(Buffer.from(s, 'utf8'));
  if (payload !== undefined) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_PARTS.payload}"\r\n\r\n${JSON.stringify(payload)}\r\n`);
  }
  for (const f of extra) text(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`);
  for (const f of files) {
    const encoded = encodeURIComponent(f.name);
    text(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? UPLOAD_PARTS.files}"; filename="${f.name.replace(/"/g, '%22')}"; filename*=UTF-8''${encoded}\r\n` +
        `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    );
    chunks.push(typeof f.bytes === 'string' ? Buffer.from(f.bytes, 'utf8') : f.bytes);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
