import { MESSAGE_RULE, type MessageKind } from '../client/message-kinds.ts';
import { ScenarioError, type ScenarioCase } from './types.ts';

/**
 * A case of `message` (src/client/message-kinds.ts) sends its built request as that message and
 * is judged on the message's rule alone, so it names that rule and nothing else, and it has no
 * other way to be sent (a form, a framing, a raw body, a sequence).
 */
export function checkMessage(c: ScenarioCase & { message: MessageKind }, key: string): void {
  const rule = MESSAGE_RULE[c.message];
  if (c.rules.length !== 1 || c.rules[0] !== rule) throw new ScenarioError(`${key}.rules: a case of message '${c.message}' is judged on ${rule} alone, so its rules are [${rule}]`);
  const other = (['forms', 'framings', 'raw', 'wire', 'sequence'] as const).find((k) => c[k] !== undefined);
  if (other) throw new ScenarioError(`${key}.${other}: a case of message '${c.message}' sends its built request as the message, and nothing else`);
}
