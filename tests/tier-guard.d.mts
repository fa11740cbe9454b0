// The types of tests/tier-guard.mjs, plain JavaScript so that every node process of a quick file loads it, npm's included.
export const QUICK_FILE: string;
export const REFUSED: number;
export function wholeRunOf(argv: string[]): string | undefined;
export function isBrowser(command: string): boolean;
export function enterQuickFile(file: string): void;
