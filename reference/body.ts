import type { IncomingMessage } from 'node:http';

/** README: a body over 1 MiB answers 100004. */
const BODY_LIMIT = 1024 * 1024;

/** The body in the pieces ('data' events) it arrived in, or word that it was over the limit. */
export type ReadBody = { pieces: Buffer[] } | { tooLarge: true };

/**
 * Reads the whole body, keeping at most `limit` bytes: past it the rest is read and dropped,
 * so the client gets its answer instead of a reset connection and memory stays bounded.
 * Rejects when the client goes away before the end.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    let size = 0;
    req.on('data', (piece: Buffer) => {
      size += piece.length;
      if (size <= limit) pieces.push(piece);
      else pieces.length = 0;
    });
    req.on('end', () => resolve(size > limit ? { tooLarge: true } : { pieces }));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('client closed the connection before the end of the body'));
    });
  });
}
