import { loadErrors, type Operation } from '../contract/load.ts';
import { decodeResponse } from '../codec/index.ts';
import type { Part } from './part.ts';
import { errorNumberFinder } from './error-number.ts';

/**
 * What a target made of a request, as two sends of the same logical request are compared
 * (JSON against XML, one XML form against another): accepted, or rejected with the documented
 * error numbers of the operation found in the body. Validation numbers are not documented
 * (A-VALIDATION-ERROR-NUMBER), so two rejections differ only by a documented number.
 */
export function outcome(op: Operation, part: Part, errorCodePath?: string): string {
  const res = part.exchange?.response;
  if (!res) return 'no response';
  if (res.status !== 400) return res.status === 200 ? 'accepted' : `HTTP ${res.status}`;
  const decoded = decodeResponse(part.format, op, res.body);
  const carries = decoded.format === undefined ? () => false : errorNumberFinder(decoded.value, errorCodePath);
  const codes = loadErrors().filter((e) => e.operation === op && carries(e.code)).map((e) => e.code);
  return `rejected${codes.length ? ` with ${codes.join(', ')}` : ''}`;
}
