import { Agent, Client, errors, type Dispatcher } from 'undici';
import { targetConnector, type TargetTls } from './tls.ts';
import { TransportError } from './transport.ts';

/** `WireRequest.connection` for a connection used by one request alone. */
export const FRESH = 'fresh';

const KEEP_ALIVE = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 };

/**
 * Named connections open at once. A run's sequences are a few per worker at a time; past this,
 * the least recently used is closed (its request in flight, if any, ends first), and a sequence
 * that comes back to it gets a new one.
 */
const NAMED_KEPT = 64;

/**
 * Where a request goes out (`WireRequest.connection`): any kept-alive connection of the pool,
 * a connection of its own closed after its answer, or the kept-alive connection a name shares
 * among the requests that give it, one request at a time. Each is made with the profile's TLS
 * options (src/client/tls.ts).
 */
export class Connections {
  private readonly connect: ReturnType<typeof targetConnector>;
  private readonly pool: Agent;
  private readonly named = new Map<string, Client>();
  private readonly once = new Set<Client>();
  private destroyed = false;

  constructor(tls?: TargetTls) {
    this.connect = targetConnector(tls);
    this.pool = new Agent({ ...KEEP_ALIVE, connect: this.connect });
  }

  take(connection: string | undefined, origin: string): Dispatcher {
    // Nothing opens a connection once the run let go of them (a stopped run sends no more).
    if (this.destroyed) throw new TransportError('not sent: the transport was destroyed');
    if (connection === undefined) return this.pool;
    if (connection === FRESH) {
      const client = new Client(origin, { pipelining: 1, connect: this.connect });
      this.once.add(client);
      return client;
    }
    const key = `${origin} ${connection}`;
    let client = this.named.get(key);
    if (client) this.named.delete(key);
    else client = new Client(origin, { ...KEEP_ALIVE, pipelining: 1, connect: this.connect });
    this.named.set(key, client);
    if (this.named.size > NAMED_KEPT) {
      const [oldest, evicted] = this.named.entries().next().value!;
      this.named.delete(oldest);
      void evicted.close();
    }
    return client;
  }

  /**
   * The request's exchange is over: a connection of its own goes. With the error undici would
   * make for it, its stack already text: Node reads the stack of the error a socket is
   * destroyed with, and in a Playwright worker source-map-support formats it, frame by frame
   * (about 1% of a default run's worker CPU, for an error nothing shows).
   */
  release(dispatcher: Dispatcher): void {
    if (!this.once.delete(dispatcher as Client)) return;
    const done = new errors.ClientDestroyedError();
    done.stack = `${done.name}: ${done.message}`;
    void dispatcher.destroy(done);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close(), ...this.clients().map((c) => c.close())]);
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    await Promise.all([this.pool.destroy(), ...this.clients().map((c) => c.destroy())]);
  }

  private clients(): Client[] {
    const all = [...this.named.values(), ...this.once];
    this.named.clear();
    this.once.clear();
    return all;
  }
}
