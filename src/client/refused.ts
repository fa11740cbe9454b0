import { request } from 'node:http';
import { Duplex } from 'node:stream';
import { errors } from 'undici';
import { RAW_KEPT } from './sockets.ts';
import { FramingError } from './transport.ts';

type ClientError = Error & { code?: string; data?: string; cause?: { code?: string; data?: string } };

/**
 * llhttp codes that are the client's own doing, not the target's framing: a head past Node's
 * size limit (undici calls the same answer UND_ERR_HEADERS_OVERFLOW, a transport error), a parser
 * paused or stopped by its callbacks.
 */
const CLIENT_SIDE = /^HPE_(HEADER_OVERFLOW|USER|PAUSED|CB_)/;

/**
 * The framing failure an HTTP client's error stands for when its parser refused the answer
 * (llhttp's HPE_… codes, in undici's HTTPParserError and in Node's parse errors), with the bytes
 * it had; undefined for anything else (a reset, a refusal, a body cut short): a transport error.
 */
export function framingProblem(err: unknown, raw?: Buffer): FramingError | undefined {
  const e = err as ClientError;
  const code = [e.code, e.cause?.code].find((c) => c?.startsWith('HPE_'));
  if (!code || CLIENT_SIDE.test(code)) return undefined;
  return new FramingError(`the answer breaks HTTP/1.1 framing: ${e.message}`, code, excerpt(raw, e.data ?? e.cause?.data));
}

/**
 * The framing failure an error of undici's stands for, when its parser refused the answer. undici
 * 7.30.2 leaves an HTTPParserError's `code` empty (it looks the llhttp error's number up in a
 * table keyed by name), and names a refusal of a head that carries a Content-Length (with a
 * Transfer-Encoding, or a second length) a length mismatch: client-h1.js `createError` checks
 * the length before it asks llhttp why. Before any head came, such a mismatch is no body cut
 * short (undici reads a cut body as one only once the head is in). Node's parser, given the same
 * bytes, names the code, and the reason when undici's message has none.
 */
export async function undiciRefusal(err: unknown, raw: Buffer | undefined, headCame: boolean): Promise<FramingError | undefined> {
  const coded = framingProblem(err, raw);
  if (coded) return coded;
  const e = err as ClientError;
  const parser = e instanceof errors.HTTPParserError || e.cause instanceof errors.HTTPParserError;
  if (!parser && (headCame || e.code !== 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) return undefined;
  const named = raw && await nodeParserError(raw);
  const reason = parser ? e.message : named?.message ?? `the parser refused a head that carries a Content-Length (${e.message})`;
  return new FramingError(`the answer breaks HTTP/1.1 framing: ${reason}`, named?.code ?? e.code ?? e.name, excerpt(raw, e.data ?? e.cause?.data));
}

const excerpt = (raw: Buffer | undefined, data?: string): string | undefined => (raw ? raw.toString('latin1') : data)?.slice(0, RAW_KEPT);

/** What node:http's parser says of an answer's bytes: its HPE_… error, or undefined when it reads them. */
function nodeParserError(raw: Buffer): Promise<{ code: string; message: string } | undefined> {
  return new Promise((resolve) => {
    const socket = new Duplex({ read() {}, write: (_chunk, _encoding, done) => done() });
    const client = request({ host: 'target', path: '/', createConnection: () => socket });
    client.on('error', (err: ClientError) => resolve(err.code?.startsWith('HPE_') ? { code: err.code, message: err.message } : undefined));
    client.on('response', (res) => {
      res.resume();
      resolve(undefined);
    });
    client.end();
    socket.push(raw);
    socket.push(null);
  });
}
