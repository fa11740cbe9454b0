// No import circles and no arrows up (DESIGN, Layout): scripts/ → suites/ → generators/ → src/,
// reference/ beside them, and inside src/ its own floors (tests/harness/import-graph.ts SRC_FLOORS). The graph is the repository's own, read by TypeScript's scanner, so a
// new file or a new import is judged the moment it is written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { circles, importGraph, SRC_FLOORS, wrongWay } from './import-graph.ts';
import { ROOT, tempTree } from './helpers.ts';

describe('the import graph', () => {
  const graph = importGraph(ROOT);

  it('has no circle', () => {
    assert.deepEqual(circles(graph), [], 'import circles: give what their files share a home of its own below them');
  });

  it('has no import that runs up a floor, or into or out of reference/', () => {
    assert.deepEqual(wrongWay(graph), [], `imports against DESIGN's Layout (scripts/ → suites/ → generators/ → src/, reference/ beside them; in src/ ${SRC_FLOORS.join(' → ')})`);
  });

  it('finds a circle, an arrow up and an import of the reference in a tree that has them', () => {
    const tree = importGraph(tempTree({
      'src/a.ts': "import { b } from './b.ts';",
      'src/b.ts': "export type { A } from './a.ts';",
      'src/c.ts': "const g = await import('../generators/g.ts');",
      'generators/g.ts': "import { r } from '../reference/r.ts';\nimport { a } from '../src/a.ts';",
      'reference/r.ts': "import fc from 'fast-check';",
      'scripts/s.ts': "import { r } from '../reference/r.ts';",
      'src/client/t.ts': "import { run } from '../runner/r.ts';",
      'src/runner/r.ts': "import { t } from '../client/t.ts';\nexport const run = 1;",
    }));
    assert.deepEqual(circles(tree), ['src/a.ts <-> src/b.ts', 'src/client/t.ts <-> src/runner/r.ts']);
    assert.deepEqual(wrongWay(tree), ['generators/g.ts -> reference/r.ts', 'src/c.ts -> generators/g.ts', 'src/client/t.ts -> src/runner/r.ts']);
  });
});
