import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import { answer, Body, joinedInPlace, timedOut, type Head } from './answer.ts';
import type { HeadDeadline, Waiter } from './deadline.ts';
import { completedOn, informationalOn, writingOn, type OnSocket } from './sockets.ts';
import { TransportError, type WireResponse } from './transport.ts';

/** What undici is given to send. */
export interface Dispatched {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
}

export interface Limits { timeoutMs: number; maxBytes: number }

/**
 * One send of a request over undici and its whole answer: the status and headers of the final
 * response (1xx heads before it are read past, src/client/informational.ts, and kept in
 * `informational`), and the body up to `maxBytes`. The time limit
 * covers waiting for a connection, the head and the body; past it, or past the cap, the
 * request is aborted. Every head's time is recorded in `deadline`; with `watch`, a request
 * written on a kept connection (one that had carried an answer before) that brings no head
 * within the deadline resolves `suspected` with how long it waited, and goes on waiting: the
 * transport decides whether it stalled (src/client/undici.ts).
 *
 * It is its own undici handler and deadline waiter, and its timer gets it as an argument: the
 * plain path makes no closure per request (each costs, measured, under tsx's name-keeping), and
 * one promise: `outcome` settles as `response` does, or, with `watch`, resolves first with the
 * ms waited when the request is suspected, and `response` is then a promise of its own.
 * `response` rejects with undici's own error, a time-out's, a Stall or a TransportError (a body
 * past the cap); the transport names them.
 */
export class Exchange implements Dispatcher.DispatchHandler, Waiter, OnSocket {
  readonly started = performance.now();
  /** When undici wrote it on a connection; undefined while it waited for one. */
  written?: number;
  /** When the first status line and headers came. */
  headAt?: number;
  socket?: Socket;
  reused?: boolean;
  since = 0;
  slot = -1;
  /** The answer or the failure; with `watch`, the ms waited when the request was suspected first. */
  readonly outcome: Promise<WireResponse | number>;
  /** After a suspicion: the answer or the failure, still to come. */
  private later?: Promise<WireResponse>;
  /** Suspected at its whole time limit (before enough answers came, the deadline is the time limit): it waits no more. */
  outOfTime = false;
  private isSuspected = false;
  private resolve!: (response: WireResponse | number) => void;
  private reject!: (err: unknown) => void;
  private controller?: Dispatcher.DispatchController;
  private head: Head = NO_HEAD;
  private readonly body: Body;
  private done = false;
  private readonly timer: NodeJS.Timeout;

  constructor(readonly dispatcher: Dispatcher, req: Dispatched, private readonly limits: Limits, private readonly deadline: HeadDeadline, private readonly watch: boolean) {
    this.body = new Body(limits.maxBytes);
    this.outcome = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.timer = setTimeout(timeUp, limits.timeoutMs, this);
    try {
      // Dispatched has the options' names: undici reads them and keeps nothing of the object.
      dispatcher.dispatch(req as Dispatcher.DispatchOptions, this);
    } catch (err) {
      this.fail(err as Error);
    }
  }

  timeUp(): void {
    if (this.watch && this.reused && this.headAt === undefined && !this.isSuspected) {
      this.outOfTime = true;
      this.expire(performance.now() - this.since);
      return;
    }
    this.fail(timedOut());
  }

  /** The answer, or the failure. */
  get response(): Promise<WireResponse> {
    return this.later ?? (this.outcome as Promise<WireResponse>);
  }

  /** The deadline passed with no head: on a kept connection that is a suspected stall; on a new one the time limit decides, as ever. */
  expire(waitedMs: number): void {
    if (!this.watch || !this.reused || this.isSuspected || this.done) return;
    this.isSuspected = true;
    const suspect = this.resolve;
    this.later = new Promise((resolve, reject) => {
      this.resolve = resolve as (response: WireResponse | number) => void;
      this.reject = reject;
    });
    suspect(waitedMs);
  }

  /** The transport needs this exchange no more (the same request was answered elsewhere): it ends, its connection with it. */
  abandon(reason: string): void {
    this.fail(new TransportError(reason));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // A request that waited for a connection past its time is aborted when it gets one.
    if (this.done) {
      controller.abort(timedOut());
      return;
    }
    this.written = this.since = performance.now();
    writingOn(this);
    if (this.watch) this.deadline.wait(this);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (this.headAt === undefined) {
      this.headAt = performance.now();
      this.deadline.done(this);
      this.deadline.record(this.headAt - (this.written ?? this.started));
    }
    this.head = { status: statusCode, headers: joinedInPlace(headers) };
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.done || this.body.add(chunk)) return;
    this.finish();
    controller.abort(new Error('the body is over the cap'));
  }

  onResponseEnd(): void {
    completedOn(this);
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    if (this.settle()) this.reject(err);
  }

  private finish(): void {
    if (!this.settle()) return;
    try {
      const response = answer(this.head, this.body, this.limits.maxBytes, this.started, this.headAt ?? this.started, this.reused === true);
      const heads = informationalOn(this);
      this.resolve(heads.length ? { ...response, informational: [...heads] } : response);
    } catch (err) {
      this.reject(err);
    }
  }

  private fail(err: Error): void {
    if (this.settle()) this.reject(err);
    this.controller?.abort(err);
  }

  private settle(): boolean {
    if (this.done) return false;
    this.done = true;
    clearTimeout(this.timer);
    this.deadline.done(this);
    return true;
  }
}

/** Before a head came (nothing reads it then: a body, and its end, come after a head). */
const NO_HEAD: Head = Object.freeze({ status: 0, headers: Object.freeze({}) as Record<string, string> });

function timeUp(exchange: Exchange): void {
  exchange.timeUp();
}
