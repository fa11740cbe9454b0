/**
 * What a target could confuse, drawn together: valid requests, valid requests for the
 * profile's orders whose state answers a documented error, and every two-format violation, a
 * third of the runs each. The parity, form and framing properties draw from it, and so do the
 * sequences and bursts (generators/company.ts).
 */
import fc from 'fast-check';
import { FORMATS, loadErrors, type Operation } from '../src/contract/load.ts';
import { SUCCESS_RULE } from '../src/checks/judge.ts';
import { validRequest, type GenContext, type Request } from './index.ts';
import { ALL_VIOLATORS, violation } from './violators/index.ts';
import { acceptRules } from './accepts.ts';
import { ifFixtures } from './fixtures.ts';
import type { Sent } from './trials.ts';

/**
 * A valid request is judged on the accept side of the rules it exercises (a list of three,
 * a string at its limit), so a refusal of the shrunk request blames the limit it needed;
 * the plainest request is judged on the operation's success rule.
 */
export const accepted = (op: Operation) => (request: Request): Sent => {
  const rules = acceptRules(op, request);
  return { request, rules: rules.length ? rules : [SUCCESS_RULE[op]], expect: 'accepted' };
};

export function mixedRequests(op: Operation, g: GenContext): fc.Arbitrary<Sent> {
  const orders = g.profile.fixtures.orders;
  const valid = validRequest(op, g);
  const errors = loadErrors().flatMap((e) => {
    const orderID = orders[e.fixture.replace(/^orders\./, '')];
    return e.operation === op && orderID ? [valid.map((r): Sent => ({ request: { ...r, orderID }, rules: [e.rule], expect: { error: e.code } }))] : [];
  });
  const violations = ALL_VIOLATORS.filter((v) => v.operations.includes(op) && v.formats.length === 2).flatMap((v) =>
    ifFixtures(() => violation(op, v, g, FORMATS).map((request): Sent => ({ request, rules: [v.rule], expect: 'rejected' }))));
  const share = Math.max(1, violations.length);
  return fc.oneof(
    { arbitrary: valid.map(accepted(op)), weight: share },
    ...errors.map((arbitrary) => ({ arbitrary, weight: Math.max(1, Math.round(share / errors.length)) })),
    ...violations.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}
