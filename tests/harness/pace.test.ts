// src/client/pace.ts: a worker's pace slows on a 429 or a 503 where the target serves less than
// half of what it is sent, never below what it served, grows back while answers come clean,
// follows a distant target's latency, lends the places of requests waiting out a push back, and
// stays within the profile's caps. A clock that moves only when told drives it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Pace } from '../../src/client/pace.ts';
import { clock, paceOn, type TestClock } from './pace-clock.ts';


/** Sends `n` requests through the pace evenly over `ms`; when the first left. */
async function sendOver(pace: Pace, c: TestClock, n: number, ms: number): Promise<number> {
  const first = await pace.turn();
  for (let i = 1; i < n; i++) {
    c.pass(ms / n);
    await pace.turn();
  }
  return first;
}

/**
 * Sends through `pace` for `ms` of the clock, a request ready every 5 ms (200 a second unless the
 * rate caps it), each answered when `answers(sentAt)` says so and pushed back with `status`
 * otherwise; what it sent and what was answered.
 */
async function drive(pace: Pace, c: TestClock, ms: number, answers: (sentAt: number) => boolean, status = 429): Promise<{ sent: number; answered: number }> {
  const end = c.now() + ms;
  const done = { sent: 0, answered: 0 };
  while (c.now() < end) {
    const sentAt = await pace.turn();
    done.sent++;
    if (answers(sentAt)) {
      pace.answered(1);
      done.answered++;
    } else pace.pushedBack(sentAt, status);
    c.pass(5);
  }
  return done;
}

/**
 * Eight push backs of requests sent just before now: enough for one cut (src/client/pace.ts judges
 * a cut on eight answers and push backs of the last second at least), a moment after the last
 * call's, so their requests were sent after its cut.
 */
function pushBack(pace: Pace, c: TestClock, status: number): void {
  c.pass(2);
  for (let i = 0; i < 8; i++) pace.pushedBack(c.now() - 1, status);
}

describe('the pace', () => {
  it('halves the rate on a 429, from what was really sent a second, at most once a second, never below 1, the requests in flight left alone', async () => {
    const c = clock();
    const pace = paceOn(c);
    const first = await sendOver(pace, c, 40, 1000);
    pushBack(pace, c, 429);
    assert.equal(pace.rate(), 20, 'half of the 40 a second really sent');
    assert.equal(pace.window, 16, 'a count of requests in time: the rate answers it');
    // Answers to requests sent before the cut are the congestion the cut answered; and a rate is
    // not judged again before a second has shown what the cut did.
    pace.pushedBack(first, 429);
    c.pass(500);
    pushBack(pace, c, 429);
    assert.ok(pace.rate()! > 20, String(pace.rate()));
    for (let cut = 0; cut < 10; cut++) {
      await sendOver(pace, c, 2, 1000);
      pushBack(pace, c, 429);
    }
    assert.equal(pace.rate(), 1);
    assert.deepEqual(pace.figures().pushbacks, { 429: 8 * 12 + 1 });
  });

  it('settles at most twice above a rate limit, serving it in full, and is not cut by push backs whatever the pace', async () => {
    const c = clock();
    const limited = paceOn(c);
    // A target that serves 20 requests in any second and answers the others 429; one that pushes back on 2 in 5 whatever the pace.
    const served: number[] = [];
    const underLimit = (t: number): boolean => {
      while (served.length && served[0]! <= t - 1000) served.shift();
      return served.length < 20 && served.push(t) > 0;
    };
    const first = await drive(limited, c, 10_000, underLimit);
    const last = await drive(limited, c, 10_000, underLimit);
    assert.ok(last.answered >= 19 * 10, `${last.answered} answers in the last 10 s: the limit is served in full`);
    assert.ok(last.sent <= 2 * 20 * 10 * 1.1, `${last.sent} sent in the last 10 s against a limit of 20 a second`);
    assert.ok(first.sent > last.sent, 'slower than at first, when nothing capped it');
    const c2 = clock();
    const sometimes = paceOn(c2);
    let n = 0;
    const twoInFive = (): boolean => ++n % 5 >= 2;
    await drive(sometimes, c2, 10_000, twoInFive);
    assert.equal(sometimes.rate(), undefined, '2 in 5 pushed back whatever the pace: no cut');
  });

  it('halves the requests in flight on a 503, never below twice those the final answers took (Little\'s law)', async () => {
    const c3 = clock();
    const shed = paceOn(c3, { startInFlight: 40 });
    for (let i = 0; i < 40; i++) {
      await shed.turn();
      shed.answered(400);
      c3.pass(25);
    }
    pushBack(shed, c3, 503);
    pushBack(shed, c3, 503);
    pushBack(shed, c3, 503);
    pushBack(shed, c3, 503);
    assert.equal(shed.window, 24, '30 answers a second (of the last one) at 400 ms: 12 in service; twice that is 24, more than half the window');
  });

  it('halves only the requests in flight on a 503, and the rate too once a single request is in flight', async () => {
    const c = clock();
    const pace = paceOn(c, { startInFlight: 4 });
    await sendOver(pace, c, 40, 1000);
    pushBack(pace, c, 503);
    assert.equal(pace.window, 2);
    assert.equal(pace.rate(), undefined, 'a load shed by requests in progress: the rate is not the matter');
    pushBack(pace, c, 503);
    assert.equal(pace.window, 1);
    pushBack(pace, c, 503);
    assert.equal(pace.rate(), 20, 'one request in flight and still shed: fewer a second');
  });

  it('grows back additively while answers come clean: a window of answers adds one in flight, and the rate is back where it was cut 20 s later', async () => {
    const c = clock();
    const pace = paceOn(c);
    await sendOver(pace, c, 40, 1000);
    pushBack(pace, c, 503);
    assert.equal(pace.window, 8);
    for (let i = 0; i < 9; i++) pace.answered(1);
    assert.equal(pace.window, 9);
    const c2 = clock();
    const rated = paceOn(c2);
    await sendOver(rated, c2, 40, 1000);
    pushBack(rated, c2, 429);
    assert.equal(rated.rate(), 20);
    c2.pass(20_000);
    assert.equal(rated.rate(), 40);
  });

  it('lends the place of a request waiting out a push back to another, within the cap', async () => {
    const c = clock();
    const pace = paceOn(c, { startInFlight: 2, maxInFlight: 3 });
    let told = 0;
    pace.onRoom(() => told++);
    assert.equal(pace.places(), 2);
    let wake!: () => void;
    const asleep = pace.sleeping(() => new Promise<void>((resolve) => { wake = resolve; }));
    assert.equal(pace.places(), 3);
    assert.equal(told, 1, 'the cap is told it may admit one more');
    const second = pace.sleeping(() => Promise.resolve());
    assert.equal(pace.places(), 3, 'never above the cap');
    await second;
    wake();
    await asleep;
    assert.equal(pace.places(), 2);
  });

  it('never goes above the caps of the profile\'s share', async () => {
    const c = clock();
    const pace = paceOn(c, { maxRps: 5, maxInFlight: 10, startInFlight: 10 });
    assert.equal(pace.rate(), 5);
    const sentAt: number[] = [];
    for (let i = 0; i < 5; i++) sentAt.push(await pace.turn());
    assert.deepEqual(sentAt.map((t) => t - sentAt[0]!), [0, 200, 400, 600, 800], 'sends leave a fifth of a second apart');
    pushBack(pace, c, 429);
    c.pass(600_000);
    assert.equal(pace.rate(), 5);
    for (let i = 0; i < 500; i++) pace.answered(1);
    assert.equal(pace.window, 10);
  });

  it('grows the window by half a round while it is full and the answers take no longer: more in flight bring more answers a second', () => {
    const c = clock();
    const pace = paceOn(c, { startInFlight: 16, maxInFlight: 64 });
    // Each round, one request a gateway refuses at once: no answer of the target's shows its distance.
    const round = (ms: number, full = true): void => {
      if (full) pace.wanted();
      const answers = pace.window;
      for (let i = 0; i < answers; i++) pace.answered(i === 0 ? 1 : ms);
    };
    round(200);
    assert.equal(pace.window, 16, 'the first round, all sent at once into a cold target, shows no distance');
    round(200);
    assert.equal(pace.window, 24);
    round(205);
    assert.equal(pace.window, 36);
    round(200, false);
    assert.equal(pace.window, 36, 'a round that never filled the window shows nothing of the distance');
    round(200);
    round(200);
    assert.equal(pace.window, 64, 'never above the cap');
    round(500);
    assert.equal(pace.window, 51, 'answers twice as slow: the extra requests only queued');
    for (let i = 0; i < 20; i++) round(1000);
    assert.equal(pace.window, 16, 'never below where it started');
  });

  it('holds the window for a few rounds, not for the run, after a round crowded with answers a gateway gave at once', () => {
    const c = clock();
    const pace = paceOn(c, { startInFlight: 16, maxInFlight: 256 });
    const round = (ms: number, instant = 0): void => {
      pace.wanted();
      const answers = pace.window;
      for (let i = 0; i < answers; i++) pace.answered(i < answers * instant ? 1 : ms);
    };
    round(200);
    round(200);
    assert.equal(pace.window, 24);
    // A test's first requests: HTTP probes a gateway in front of the target refuses at once, a fifth of the round.
    round(200, 0.2);
    assert.equal(pace.window, 24, 'answers at 1 ms: no more in flight than 2,000 a second times 1 ms would be of use');
    for (let r = 0; r < 9; r++) round(200);
    assert.equal(pace.window, 24, 'held while that round is among the last ten');
    round(200);
    assert.equal(pace.window, 36, 'then it grows again with the distance its answers show');
    for (let r = 0; r < 10; r++) round(200);
    assert.equal(pace.window, 256);
  });

  it('keeps the window where it started at a target on the same machine, however slow this busy process reads its answers: a fifth of them come in a few ms', () => {
    const c = clock();
    const pace = paceOn(c, { startInFlight: 48, maxInFlight: 256 });
    for (let r = 0; r < 20; r++) {
      pace.wanted();
      const answers = pace.window;
      for (let i = 0; i < answers; i++) pace.answered(i % 5 === 0 ? 2 : 40);
    }
    assert.equal(pace.window, 48);
  });
});

