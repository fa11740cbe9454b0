import type { IncomingMessage } from 'node:http';

/** README: a body over 1 MiB answers 100004. */
const BODY_LIMIT = 1024 * 1024;

export type ReadBody = { body: Buffer } | { tooLarge: true };

/**
 * Reads the whole body, keeping at most `limit` bytes: past it the rest is read and dropped,
 * so the client gets its answer instead of a reset connection and memory stays bounded.
 * Rejects when the client goes away before the end.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size > limit ? { tooLarge: true } : { body: Buffer.concat(chunks, size) }));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('client closed the connection before the end of the body'));
    });
  });
}
