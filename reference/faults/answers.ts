import type { Answer, Exchange, Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';

/** A service that answers differently: `change` gets every answer, success or error. */
const answer = (name: string, rule: string, description: string, change: (out: Answer, at: Exchange) => Answer): Fault =>
  ({ name, rule, description, answer: change });

const withData = (out: Answer, data: Obj): Answer => ({ ...out, body: { ...out.body, data } });
const withMetadata = (out: Answer, patch: Obj): Answer => ({ ...out, body: { ...out.body, metadata: { ...(out.body.metadata as Obj), ...patch } } });

/** Changes the `data` of a success; errors pass unchanged. */
const success = (name: string, rule: string, description: string, change: (data: Obj, at: Exchange) => Obj): Fault =>
  answer(name, rule, description, (out, at) => (out.status === 200 && out.body.data ? withData(out, change(out.body.data as Obj, at)) : out));

/** Answers the documented error `to` where `from` is due. */
const errorNumber = (from: number, to: number): Fault =>
  answer(`error-${from}-answered-as-${to}`, `ERR-${from}`, `answers ${to} where ${from} is due`, (out) => {
    const errors = out.body.errors as { code: number }[] | undefined;
    if (!errors?.some((e) => e.code === from)) return out;
    return { ...out, body: { ...out.body, errors: errors.map((e) => (e.code === from ? { ...e, code: to } : e)) } };
  });

const rename = (data: Obj, from: string, to: string): Obj => {
  const { [from]: value, ...rest } = data;
  return value === undefined ? data : { ...rest, [to]: value };
};

export const ANSWER_FAULTS: Fault[] = [
  success('success-status-and-state-swapped', 'RSP-RECEIVER-SUCCESS', 'confirms a receiver change with data.state and a pickup change with data.status',
    (data, at) => (at.op === 'receiver' ? rename(data, 'status', 'state') : rename(data, 'state', 'status'))),
  success('pickup-state-accepted', 'RSP-PICKUP-SUCCESS', 'confirms a pickup change with data.state `accepted`',
    (data, at) => (at.op === 'pickup' ? { ...data, state: 'accepted' } : data)),
  success('information-missing', 'RSP-PICKUP-INFORMATION', 'confirms a pickup change without data.information',
    ({ information: _, ...rest }) => rest),
  success('found-addresses-missing', 'RSP-FOUNDADDRESSES-PRESENT', 'omits foundAddresses even when a search was sent',
    ({ foundAddresses: _, ...rest }) => rest),
  success('found-addresses-field-names-search', 'RSP-FOUNDADDRESSES-PRESENT', 'names the search itself (`….search`) as a found address\'s field, not its parent object',
    (data) => (Array.isArray(data.foundAddresses) ? { ...data, foundAddresses: data.foundAddresses.map((f: Obj) => ({ ...f, field: `${String(f.field)}.search` })) } : data)),
  success('found-addresses-without-search', 'RSP-FOUNDADDRESSES-ABSENT', 'answers foundAddresses, with the order\'s own address, when no search was sent',
    (data, at) => (data.foundAddresses ? data : { ...data, foundAddresses: [{ field: at.op === 'pickup' ? 'address' : 'receiver.counteragent.juridicalAddress', source: 'order', result: 'г. Москва' }] })),

  answer('generated-at-iso', 'RSP-GENERATED-AT', 'writes generated_at as ISO 8601 (`2026-11-23T09:00:00`)',
    (out) => withMetadata(out, { generated_at: String((out.body.metadata as Obj).generated_at).replace(' ', 'T') })),
  answer('metadata-status-200-on-error', 'RSP-METADATA-STATUS', 'answers an error with HTTP 400 but metadata.status 200',
    (out) => (out.status === 400 ? withMetadata(out, { status: 200 }) : out)),
  answer('http-200-on-error', 'RSP-ERROR-STATUS', 'answers an error with HTTP 200 (metadata.status stays 400)',
    (out) => (out.status === 400 ? { ...out, status: 200 } : out)),
  answer('http-422-on-validation-error', 'RSP-HTTP-STATUS', 'answers a validation error with HTTP 422 and metadata.status 422',
    (out) => ((out.body.errors as { code: number }[] | undefined)?.some((e) => e.code === 100001) ? withMetadata({ ...out, status: 422 }, { status: 422 }) : out)),
  answer('json-on-xml-path', 'RSP-FORMAT-FOLLOWS-PATH', 'answers JSON on the XML paths',
    (out) => ({ ...out, format: 'json' })),
  answer('unreadable-body-internal-error', 'BODY-UNREADABLE', 'breaks (HTTP 500) on a body it cannot read: empty, not UTF-8, not well-formed JSON or XML',
    (out) => ((out.body.errors as { code: number; message: string }[] | undefined)?.some((e) => e.code === 100003 && /^(Malformed|The request body is (empty|not UTF-8))/.test(e.message))
      ? withMetadata({ ...out, status: 500 }, { status: 500 }) : out)),

  errorNumber(610001, 610002),
  errorNumber(610002, 610001),
  errorNumber(610003, 610001),
  errorNumber(621001, 621002),
  errorNumber(621002, 621001),
];
