// bin/compiled.js: TypeScript compiled once into one module under node_modules/.cache/ocs-compiled,
// used again while every source it came from is unchanged, and built anew when one is edited (an
// edited source is never run stale); each source keeps its own import.meta.url.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { ROOT } from './helpers.ts';
// @ts-expect-error: plain JavaScript, no declarations
import { compiled } from '../../bin/compiled.js';

const DIR = `node_modules/.cache/compiled-test-${process.pid}`;
const NAME = `compiled-test-${process.pid}`;
const CACHE = join(ROOT, 'node_modules', '.cache', 'ocs-compiled');

after(() => {
  rmSync(join(ROOT, DIR), { recursive: true, force: true });
  for (const f of readdirSync(CACHE)) if (f.startsWith(NAME) || f.startsWith(`.${NAME}`)) rmSync(join(CACHE, f), { force: true });
});

const write = (file: string, text: string): void => writeFileSync(join(ROOT, DIR, file), text);

describe('the compiled module of a TypeScript entry', () => {
  it('is used again while its sources are unchanged, and built anew from an edited one', async () => {
    mkdirSync(join(ROOT, DIR), { recursive: true });
    write('entry.ts', "import { value } from './part.ts';\nexport const seen: number = value;\nexport const where: string = import.meta.url;\n");
    write('part.ts', 'export const value: number = 1;\n');
    const first = await compiled(`${DIR}/entry.ts`, NAME) as string;
    assert.ok(first, 'compiled');
    const m1 = await import(pathToFileURL(first).href) as { seen: number; where: string };
    assert.equal(m1.seen, 1);
    assert.equal(m1.where, pathToFileURL(join(ROOT, DIR, 'entry.ts')).href, 'import.meta.url is the source file\'s');
    assert.equal(await compiled(`${DIR}/entry.ts`, NAME), first, 'unchanged sources: the same module');
    write('part.ts', 'export const value: number = 2;\n');
    const second = await compiled(`${DIR}/entry.ts`, NAME) as string;
    assert.notEqual(second, first);
    assert.equal((await import(pathToFileURL(second).href) as { seen: number }).seen, 2, 'the edited import is in the new module');
    assert.deepEqual(readdirSync(CACHE).filter((f) => f.startsWith(NAME) && f.endsWith('.mjs')).map((f) => join(CACHE, f)), [second], 'the older module is gone');
  });
});
