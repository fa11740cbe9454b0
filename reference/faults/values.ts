import { refuse } from '../errors.ts';
import { type Fixtures, loadFixtures } from '../fixtures.ts';
import { type Obj, isObj } from '../hooks.ts';
import { resolveSearch, streetRegion } from '../resolve.ts';
import type { Fault } from './fault.ts';

// Hooks see the request alone; a fault that compares it with an order reads the reference's
// one fixture file, as a run with a fault always serves it.
let fixtures: Fixtures | undefined;
const world = (): Fixtures => (fixtures ??= loadFixtures());


/** Where a legal address lies, read as the pickup check reads a place: its search's region, else its street's. */
function regionOf(address: Obj, fx: Fixtures): string | undefined {
  if (typeof address.search === 'string') return resolveSearch(address.search, fx)?.region;
  return typeof address.street === 'string' ? streetRegion(address.street) : undefined;
}

/** Faults in the valid values a service accepts: it refuses a value the spec allows. */
export const VALUE_FAULTS: Fault[] = [
  {
    name: 'legal-address-region-checked',
    rule: 'CAG-JADDR-ANY-REGION',
    description: 'applies the pickup region rule to the legal address: refuses a juridicalAddress outside the order\'s region',
    request: (body, at) => {
      if (at.op !== 'receiver') return body;
      const fx = world();
      const order = fx.orders.find((o) => o.id === body.orderID);
      if (!order) return body;
      for (const which of ['receiver', 'third']) {
        const member = body[which];
        const address = isObj(member) && isObj(member.counteragent) ? member.counteragent.juridicalAddress : undefined;
        const region = isObj(address) ? regionOf(address, fx) : undefined;
        if (region !== undefined && region !== order.region) throw refuse(100001, { fields: [`${which}.counteragent.juridicalAddress`] });
      }
      return body;
    },
  },
];
