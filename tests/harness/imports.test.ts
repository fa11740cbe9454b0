// No import circles and no arrows up (DESIGN, Layout): scripts/ → suites/ → generators/ → src/,
// reference/ beside them. The graph is the repository's own, read by TypeScript's scanner, so a
// new file or a new import is judged the moment it is written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { circles, importGraph, wrongWay } from './import-graph.ts';
import { ROOT, tempTree } from './helpers.ts';

/**
 * Wrong-way imports known when this check came, each to be removed by its own change: temporary,
 * it must shrink to nothing. This one is type-only, erased at run time (the harness reads
 * reference/fixtures.yaml in the shape the reference defines), yet an import of the reference
 * all the same, until that shape has a home both may read.
 */
const ALLOWED_ARROWS: readonly string[] = [
  'src/cli/reference-profile.ts -> reference/fixtures.ts',
];

describe('the import graph', () => {
  const graph = importGraph(ROOT);

  it('has no circle', () => {
    assert.deepEqual(circles(graph), [], 'import circles: give what their files share a home of its own below them');
  });

  it('has no import that runs up a floor, or into or out of reference/, but those allowed for now', (t) => {
    const found = wrongWay(graph);
    assert.deepEqual(found.filter((a) => !ALLOWED_ARROWS.includes(a)), [], 'imports against DESIGN\'s Layout (scripts/ → suites/ → generators/ → src/, reference/ beside them)');
    for (const gone of ALLOWED_ARROWS.filter((a) => !found.includes(a))) t.diagnostic(`gone, so take it out of ALLOWED_ARROWS: ${gone}`);
  });

  it('finds a circle, an arrow up and an import of the reference in a tree that has them', () => {
    const tree = importGraph(tempTree({
      'src/a.ts': "import { b } from './b.ts';",
      'src/b.ts': "export type { A } from './a.ts';",
      'src/c.ts': "const g = await import('../generators/g.ts');",
      'generators/g.ts': "import { r } from '../reference/r.ts';\nimport { a } from '../src/a.ts';",
      'reference/r.ts': "import fc from 'fast-check';",
      'scripts/s.ts': "import { r } from '../reference/r.ts';",
    }));
    assert.deepEqual(circles(tree), ['src/a.ts <-> src/b.ts']);
    assert.deepEqual(wrongWay(tree), ['generators/g.ts -> reference/r.ts', 'src/c.ts -> generators/g.ts']);
  });
});
