// Spec 4 rule 4, same-day handover, judged on the Europe/Moscow clock (UTC+3): a handover
// today only on a weekday before 16:00 local time; a past date is refused (README).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Case, FORMATS, pickupRequest, runCases, send, useReference } from './helpers.ts';

interface Clock { label: string; utc: string; local: string; accepted: [string, string][]; refused: [string, string][] }

const CLOCKS: Clock[] = [
  {
    label: 'on a Monday at 15:59 Moscow time',
    utc: '2026-11-23T12:59:00Z',
    local: '2026-11-23 15:59:00',
    accepted: [['today', '2026-11-23'], ['tomorrow', '2026-11-24']],
    refused: [['yesterday', '2026-11-22']],
  },
  {
    label: 'on a Monday at 15:59:59 Moscow time',
    utc: '2026-11-23T12:59:59Z',
    local: '2026-11-23 15:59:59',
    accepted: [['today', '2026-11-23']],
    refused: [],
  },
  {
    label: 'on a Monday at 16:00 Moscow time',
    utc: '2026-11-23T13:00:00Z',
    local: '2026-11-23 16:00:00',
    accepted: [['tomorrow', '2026-11-24']],
    refused: [['today', '2026-11-23'], ['yesterday', '2026-11-22']],
  },
  {
    label: 'on a Saturday at 10:00 Moscow time',
    utc: '2026-11-28T07:00:00Z',
    local: '2026-11-28 10:00:00',
    accepted: [['the next Monday', '2026-11-30']],
    refused: [['today', '2026-11-28']],
  },
  {
    label: 'on a Tuesday at 00:30 Moscow time (still Monday in UTC)',
    utc: '2026-11-23T21:30:00Z',
    local: '2026-11-24 00:30:00',
    accepted: [['today', '2026-11-24']],
    refused: [['the UTC date, yesterday in Moscow', '2026-11-23']],
  },
];

for (const clock of CLOCKS) {
  describe(`same-day handover ${clock.label}`, () => {
    const ref = useReference({ now: () => new Date(clock.utc) });
    const make = (verdict: string, [label, date]: [string, string], expect: Case['expect']): Case => ({
      name: `a handover ${label} (${date}) is ${verdict}`,
      op: 'change_pickup',
      request: () => pickupRequest(date),
      expect,
    });
    runCases(ref, [
      ...clock.accepted.map((d) => make('accepted', d, 'ok')),
      ...clock.refused.map((d) => make('refused', d, { code: 621001 })),
    ]);
    for (const format of FORMATS) {
      it(`generated_at is ${clock.local}, the Moscow local time [${format}]`, async () => {
        const reply = await send(ref.url, 'change_pickup', format, pickupRequest('2026-11-30'));
        assert.equal(reply.body.metadata?.generated_at, clock.local, reply.text);
      });
    }
  });
}
