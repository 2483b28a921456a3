/**
 * Seeded CSV texts for the fuzz tests of every CSV reader (the app's import and predict's
 * feature rows): a valid numeric table, then one to three mutations a careless user or an
 * attacker would make — cells in other number syntaxes (`0x10`, `1_000`, `1e39`, `NaN`),
 * typos, junk and control characters, lines lost or doubled, ragged rows, quotes, a byte-order
 * mark, other line breaks and delimiters, header names that mean something to JavaScript, a
 * truncation, a very long cell.
 */
import fc from 'fast-check';

export const ODD_CELLS = [
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '1e39',
  '-1e999',
  '1e-999',
  'NaN',
  'nan',
  'Infinity',
  '-inf',
  '',
  '  ',
  '2o',
  '1.5.5',
  '1e',
  '.',
  '-',
  '+.5',
  '٣',
  '\u00a01\u00a0',
  '"',
  '"1"',
  '"1,2"',
  '__proto__',
  'constructor',
  'prototype',
  '-0',
  '1;2',
  '\t3\t',
] as const;

export interface CsvCase {
  readonly text: string;
  /** Columns of the table before mutation (features, and for the app a label column). */
  readonly width: number;
}

const number = fc
  .tuple(fc.float({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('plain', 'exponent', 'fixed'))
  .map(([v, style]) => (style === 'exponent' ? v.toExponential() : style === 'fixed' ? v.toFixed(3) : String(v)));

/** A header (or none) and rows of numbers, one text line each. */
const table = (header: boolean) =>
  fc.integer({ min: 1, max: 5 }).chain((width) =>
    fc.record({
      width: fc.constant(width),
      header: header
        ? fc
            .array(fc.constantFrom('x', 'feature ', 'petal_length', 'B', 'col'), { minLength: width, maxLength: width })
            .map((names) => names.map((name, i) => `${name}${i}`))
        : fc.constant(null),
      rows: fc.array(fc.array(number, { minLength: width, maxLength: width }), { minLength: 0, maxLength: 12 }),
    }),
  );

type Lines = string[];
const at = (lines: Lines, i: number) => Math.min(lines.length - 1, Math.max(0, i % Math.max(1, lines.length)));

/** One mutation of the lines; `r` picks where. */
const mutation = fc.oneof(
  fc.record({ op: fc.constant('cell' as const), i: fc.nat(), c: fc.nat(), cell: fc.constantFrom(...ODD_CELLS) }),
  fc.record({
    op: fc.constant('junk' as const),
    i: fc.nat(),
    c: fc.nat(),
    junk: fc.string({ unit: 'binary', maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('double' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('blank' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('comma' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('cut' as const), c: fc.nat() }),
  fc.record({ op: fc.constant('long' as const), i: fc.nat(), n: fc.integer({ min: 1000, max: 100_000 }) }),
);
const textMutation = fc.constantFrom('bom', 'crlf', 'cr', 'semicolon', 'tab', 'none', 'none', 'none');

function apply(lines: Lines, m: MutationValue): Lines {
  const out = [...lines];
  if (out.length === 0) out.push('');
  const i = at(out, 'i' in m ? m.i : 0);
  const cells = out[i].split(',');
  switch (m.op) {
    case 'cell':
      cells[m.c % cells.length] = m.cell;
      out[i] = cells.join(',');
      break;
    case 'junk': {
      const pos = m.c % (out[i].length + 1);
      out[i] = out[i].slice(0, pos) + m.junk + out[i].slice(pos);
      break;
    }
    case 'drop':
      out.splice(i, 1);
      break;
    case 'double':
      out.splice(i, 0, out[i]);
      break;
    case 'blank':
      out.splice(i, 0, '');
      break;
    case 'comma':
      out[i] = `${out[i]},`;
      break;
    case 'cut': {
      const text = out.join('\n');
      return text.slice(0, m.c % (text.length + 1)).split('\n');
    }
    case 'long':
      cells[0] = '7'.repeat(m.n);
      out[i] = cells.join(',');
      break;
  }
  return out;
}
type MutationValue = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function finish(lines: Lines, how: string): string {
  const text = `${lines.join('\n')}\n`;
  if (how === 'bom') return `\uFEFF${text}`;
  if (how === 'crlf') return text.replace(/\n/g, '\r\n');
  if (how === 'cr') return text.replace(/\n/g, '\r');
  if (how === 'semicolon') return text.replace(/,/g, ';');
  if (how === 'tab') return text.replace(/,/g, '\t');
  return text;
}

/** A CSV text, with a header when `header`, mutated zero to three times. */
export const csvCase = (header: boolean): fc.Arbitrary<CsvCase> =>
  fc
    .record({
      table: table(header),
      mutations: fc.array(mutation, { minLength: 0, maxLength: 3 }),
      how: textMutation,
    })
    .map(({ table: t, mutations, how }) => {
      let lines: Lines = [...(t.header ? [t.header.join(',')] : []), ...t.rows.map((r) => r.join(','))];
      for (const m of mutations) lines = apply(lines, m);
      return { text: finish(lines, how), width: t.width };
    });
