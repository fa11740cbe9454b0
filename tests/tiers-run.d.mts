// The types of tests/tiers-run.mjs, plain JavaScript so that package.json's scripts run it with node alone.
export function parseArgs(args: string[]): { concurrency: number; files: string[]; error?: undefined } | { error: string };
export function processesOf(files: string[]): ({ file: string; group?: undefined } | { group: string[]; file?: undefined })[];
