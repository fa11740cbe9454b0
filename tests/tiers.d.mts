// The types of tests/tiers.mjs, plain JavaScript so that package.json's scripts run it with node alone.
export type Tier = 'quick' | 'runs' | 'mutation';
export const ROOT: string;
export const TIERS: Tier[];
export function tierOf(file: string): Tier;
export function testFiles(): string[];
export function filesOf(tier: Tier): string[];
export const ALONE: string[];
export const QUICK_GROUPS: number;
export function quickGroups(files: string[]): string[][];
export const SLOWEST_FIRST: string[];
export function listed(tiers: Tier[]): string[];
