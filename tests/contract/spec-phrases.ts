/**
 * The constraint-bearing phrases of the spec, found mechanically so that contract/audit.yaml
 * cannot miss one silently (tests/contract/audit.test.ts):
 * - every data row of every table: a row of two cells whole (a limit of section 8), else its
 *   cells but the last (a field's name, whether it is required, its type; an error's number,
 *   HTTP code, operation and meaning), then
 * - every sentence of a row's last cell, or of the prose, that holds a constraint word.
 * Headings, table headers and separators are left out.
 */
export const CONSTRAINT_WORDS = /\b(must|only|required|requires?|invalid|digits?|format|form|from the|directory|code|at most|max|maximum|exactly|at least|not shown|same|carries|carry|errors?|root|cannot|possible|accepts?|accepted|approved|declined|allowed|given|default|characters?|yields?|separated|resolves?|every|version|path|date|time)\b/i;

/** A format written as a literal with placeholders: `HH:MM`, `YYYY-MM-DD`, `+79XXXXXXXXX`. */
const FORMAT_LITERAL = /`[+0-9A-Z: -]*[A-Z]{2}[+0-9A-Z: -]*`/;

const constrains = (s: string): boolean => CONSTRAINT_WORDS.test(s) || FORMAT_LITERAL.test(s);

/** `at`: where the phrase starts in the spec, so a phrase repeated elsewhere is told apart. */
export interface Phrase { section: string; text: string; kind: 'cells' | 'row' | 'sentence'; at: number }

/** Sentences of a text: split after `.` followed by a space and a capital, a backquote or a digit. */
export function sentences(text: string): string[] {
  return text.split(/(?<=\.)\s+(?=[A-Z`(0-9])/).map((s) => s.trim()).filter(Boolean);
}

export function specPhrases(spec: string): Phrase[] {
  const lines = spec.split('\n');
  const out: Phrase[] = [];
  let section = '';
  let lineStart = 0;
  lines.forEach((raw, i) => {
    const start = lineStart;
    lineStart += raw.length + 1;
    const push = (text: string, kind: Phrase['kind']): void => {
      const col = raw.indexOf(text);
      if (col < 0) throw new Error(`spec line ${i + 1}: a phrase is not verbatim: ${text}`);
      out.push({ section, text, kind, at: start + col });
    };
    const line = raw.trim();
    const heading = /^#+\s+(\d+(\.\d+)?)?/.exec(line);
    if (heading) {
      section = heading[1] ?? 'Introduction';
      return;
    }
    if (!line) return;
    if (line.startsWith('|')) {
      const isSeparator = /^\|[-\s|]+\|$/.test(line);
      const isHeader = /^\|[-\s|]+\|$/.test(lines[i + 1]?.trim() ?? '');
      if (isSeparator || isHeader) return;
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      if (cells.length <= 2) {
        push(line, 'row');
        return;
      }
      push(`| ${cells.slice(0, -1).join(' | ')} |`, 'cells');
      for (const s of sentences(cells.at(-1) ?? '')) if (constrains(s)) push(s, 'sentence');
      return;
    }
    const prose = line.replace(/^(-|\d+\.)\s+/, '');
    for (const s of sentences(prose)) if (constrains(s)) push(s, 'sentence');
  });
  return out;
}

/** Every place `phrase` stands in the spec, as [start, end) offsets. */
export function occurrences(spec: string, phrase: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = spec.indexOf(phrase); at >= 0; at = spec.indexOf(phrase, at + 1)) out.push([at, at + phrase.length]);
  return out;
}

/** The phrases no quote covers: a quote covers a phrase when one of its places holds the phrase's place. */
export function uncovered(spec: string, phrases: Phrase[], quotes: string[]): Phrase[] {
  const places = quotes.flatMap((q) => occurrences(spec, q));
  return phrases.filter((p) => !places.some(([s, e]) => s <= p.at && p.at + p.text.length <= e));
}
