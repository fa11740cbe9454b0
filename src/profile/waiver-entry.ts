import type { Format } from '../contract/load.ts';

/**
 * A waiver as written in a profile's `waivers` or in a waiver file
 * (contract/schemas/waivers.schema.json): the profile's shape holds it (src/profile/load.ts)
 * and the waivers' reader checks it (src/profile/waivers.ts), so it stands below both.
 */
export interface WaiverEntry { rule: string; format?: Format; reason: string; expires?: string }
