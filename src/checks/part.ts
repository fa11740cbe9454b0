import type { Format } from '../contract/load.ts';
import type { WireRequest, WireResponse } from '../client/transport.ts';
import type { Finding } from './finding.ts';

/** What one check yields in one format: findings, and the exchange behind them when there is one. */
export interface Part { format: Format; findings: Finding[]; exchange?: { request: WireRequest; response?: WireResponse } }
