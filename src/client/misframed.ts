import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { RAW_KEPT } from './sockets.ts';
import type { WireResponse } from './transport.ts';

/** Enough of the first bytes to hold an answer's heads. */
const HEADS_KEPT = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * The bytes a node:http connection brought back: their count, the first of them, and how many
 * 1xx heads came before the answer's (node:http counts them: it emits 'information' for each).
 */
export class Received {
  count = 0;
  informational = 0;
  private readonly kept: Buffer[] = [];
  private keptSize = 0;

  watch(socket: Socket): Socket {
    socket.on('data', (chunk: Buffer) => {
      this.count += chunk.length;
      if (this.keptSize < HEADS_KEPT) {
        this.kept.push(chunk);
        this.keptSize += chunk.length;
      }
    });
    return socket;
  }

  raw(): Buffer | undefined {
    return this.keptSize ? Buffer.concat(this.kept).subarray(0, RAW_KEPT) : undefined;
  }

  /** The bytes after the answer's head, or undefined when its head is not among the bytes kept. */
  afterHead(): number | undefined {
    const bytes = Buffer.concat(this.kept);
    let end = 0;
    for (let head = 0; head <= this.informational; head++) {
      const at = bytes.indexOf(HEAD_END, end);
      if (at < 0) return undefined;
      end = at + HEAD_END.length;
    }
    return this.count - end;
  }
}

/**
 * What breaks an answer's framing although node:http read it: a Transfer-Encoding in an answer
 * to HTTP/1.0 (RFC 9112 section 6.1: only for a request that indicates HTTP/1.1), or a
 * Content-Length other than the bytes that came after the head, counted as the answer's end
 * arrived (bytes a server sends later are not waited for). A shorter body is not here: node:http
 * reads it as cut short by the connection, a transport error.
 */
export function misframed(res: IncomingMessage, received: Received, http10: boolean): Pick<WireResponse, 'misframed'> {
  const te = res.headers['transfer-encoding'];
  if (te && http10) {
    return { misframed: { rule: 'WIRE-HTTP10', problem: `the answer to an HTTP/1.0 request carries Transfer-Encoding: ${te}, which a server sends only to HTTP/1.1 (RFC 9112 section 6.1)` } };
  }
  const declared = res.headers['content-length'];
  if (te || declared === undefined || res.statusCode === 204 || res.statusCode === 304) return {};
  const after = received.afterHead();
  if (after === undefined || after === Number(declared)) return {};
  return { misframed: { rule: 'WIRE-RESPONSE-FRAMING', problem: `the answer's Content-Length is ${declared} and ${after} bytes came after its head` } };
}
