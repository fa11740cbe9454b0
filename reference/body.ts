import type { IncomingMessage } from 'node:http';

/** README: a body over 1 MiB answers 100004. */
const BODY_LIMIT = 1024 * 1024;

/** The body in the pieces ('data' events) it arrived in, or word that it was over the limit. */
export type ReadBody = { pieces: Buffer[] } | { tooLarge: true };

/**
 * Reads the whole body, keeping at most `limit` bytes: past it the rest is read and dropped,
 * so the client gets its answer instead of a reset connection and memory stays bounded.
 * `done` hears of it at its end; never when the client goes away before the end (nobody to
 * answer): node:http then destroys the request, which ends no body, and with no 'error'
 * listener emits no error either. Two listeners and no promise: this runs for every request.
 */
export function readBody(req: IncomingMessage, done: (read: ReadBody) => void, limit = BODY_LIMIT): void {
  const pieces: Buffer[] = [];
  let size = 0;
  req.on('data', (piece: Buffer) => {
    size += piece.length;
    if (size <= limit) pieces.push(piece);
    else pieces.length = 0;
  });
  req.on('end', () => done(size > limit ? { tooLarge: true } : { pieces }));
}
