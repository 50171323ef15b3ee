/**
 * A real HTTP upload held half-way: the tests of uploads that stream to disk (media, bill import)
 * watch the temp file while the body is still arriving, then send the rest or hang up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A started upload: the request (to `end` or `destroy`), its answer, and the bytes not sent yet. */
export interface SlowUpload {
  req: http.ClientRequest;
  answer: Promise<{ status: number; body: string }>;
  rest: Buffer;
}

/**
 * POSTs `payload` to `path` on the app (listening on a free port first if it is not), sending only
 * its first `firstBytes`. @param headers the request's headers (cookie, content type); the length is added
 */
export async function startSlowUpload(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  payload: Buffer,
  firstBytes: number,
): Promise<SlowUpload> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { ...headers, 'content-length': String(payload.length) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(payload.subarray(0, firstBytes));
  return { req, answer, rest: payload.subarray(firstBytes) };
}
