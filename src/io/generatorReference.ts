/**
 * docs/generators.md, generated from the generator registry: for every generator its id,
 * family, ports, config keys (type, range, default), forward and reverse formulas (its `doc`),
 * the reverse as its rule draws it, and a worked example on the float64 engine. The page is
 * written by `npm run docs:generators`; a test regenerates it and fails on any difference.
 */
import type { ConfigField, Family, Generator } from '../core/generator';
import { allGenerators } from '../core/generators/index';
import { printType } from '../core/wire';
import { EXAMPLE_BATCH, type ExampleValue, workedExample } from './generatorExamples';

const FAMILIES: readonly { family: Family; title: string }[] = [
  { family: 'structure', title: 'Structure: copying, discarding, adding' },
  { family: 'linear', title: 'Linear maps and Para' },
  { family: 'activation', title: 'Activations' },
  { family: 'shape', title: 'Shapes' },
  { family: 'convolution', title: 'Images' },
  { family: 'boolean', title: 'ℤ₂ gates' },
];

const CONVENTIONS = `## Conventions

- **Wires** have a type: a field, \`real\` (ℝ, float32 in a model file) or \`z2\` (ℤ₂, the values
  0 and 1, also stored as float32), and a shape of feature axes. A wire is *batched* (the
  data's examples, a leading batch axis that no config ever names) or *unbatched* (a
  parameter or a constant, marked ᵖ: \`ℝ^{2×3}ᵖ\`). Values below are listed with the batch
  axis first.
- **Layout**: every array is row-major (the last axis varies fastest), in the model file's
  \`weightData\` as here. \`flatten\` and \`reshape\` read values in that order.
- **Linear**: \`W\` has shape \`[in, out]\` and \`y = xW\` (\`y_j = Σ_i x_i·W_ij\`), a row vector
  times a matrix; the change of \`W\` is summed over the batch.
- **Images** are NHWC: a batched wire of shape \`[h, w, c]\`. Filters are \`[kh, kw, in, out]\`.
  \`correlate2d\` is a valid cross-correlation (the kernel is not flipped), stride 1, no
  padding: the output is \`(h−kh+1)×(w−kw+1)×out\`. \`maxPool2d\` takes k×k windows with
  stride k, dropping rows and columns past the last whole window; on a tie the first maximum
  in row-major window order takes the change.
- **Broadcasting**: a binary entrywise box (\`add\`, \`subtract\`, \`multiply\`, \`bias\`, \`xor\`,
  \`and\`) takes two wires of one shape, or an unbatched scalar against any shape; an unbatched
  operand meets a batched one example by example. Its reverse sums each change back to its
  operand's type (over the batch, over the axes a scalar was repeated along).
- **Axes** in configs count feature axes from 0, the batch axis never included; \`axis: -1\`
  means all of them. \`softmax\`, \`concat\` and \`split\` work on the last feature axis.
- **ℤ₂**: a wire with \`field: "z2"\` adds mod 2: \`xor\` is +, \`and\` is ·, and every sum
  (\`sumBatch\`, \`sumFeatures\`, \`copy\`'s reverse, \`parity\`) is taken mod 2. \`basis\` maps n bits
  to 2ⁿ: bit k of the result is 1 exactly when the input spells k with its first bit most
  significant (\`[1, 0]\` → index 2 → \`[0, 0, 1, 0]\`).
- **Ports** are named as below at the default config; \`copy\`, \`split\` (outputs \`y0\`, \`y1\`, …)
  and \`concat\` (inputs \`x0\`, \`x1\`, …) have one port per piece. A *parameter* port enters a
  box from the top (Para); in a document a parameter box or a group's port feeds it.
- **Formulas**: \`x′\` is the change that comes back to input \`x\`, \`d\` the change that
  arrives at the output, \`Σ_b\` a sum over the batch, ⊙ the entrywise product. R[f] takes the
  inputs and the output changes to the input changes. The line *as drawn* prints the diagram
  the generator's reverse rule builds at the example's types (\`id[key=value](args)\` for a box
  with the configs that differ from the defaults; \`.y0\` picks an output), so R[R[f]] exists.
`;

function kindText(f: ConfigField): string {
  switch (f.kind) {
    case 'int':
      return 'integer';
    case 'number':
      return 'number';
    case 'shape':
      return `list of integers ≥ ${f.min ?? 1}`;
    case 'enum':
      return `one of ${(f.options ?? []).map((o) => `\`${o}\``).join(', ')}`;
    case 'boolean':
      return 'true or false';
    case 'field':
      return '`real` or `z2`';
  }
}

function rangeText(f: ConfigField): string {
  if (f.kind !== 'int' && f.kind !== 'number') return '';
  const lo = f.min === undefined ? '' : `${f.min} ≤ `;
  const hi = f.max === undefined ? '' : ` ≤ ${f.max}`;
  return lo || hi ? `${lo}${f.key}${hi}` : 'any finite';
}

/** Text in a table cell: a `|` would end the cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

const num = (x: number) => String(Number(x.toPrecision(6)));

/** Nested lists in the value's full shape, the batch axis first. */
function nested(shape: readonly number[], data: readonly number[], at = 0): string {
  if (shape.length === 0) return num(data[at]);
  const [n, ...rest] = shape;
  const step = rest.reduce((p, m) => p * m, 1);
  return `[${Array.from({ length: n }, (_, i) => nested(rest, data, at + i * step)).join(', ')}]`;
}

const row = (what: string, v: ExampleValue) =>
  `| ${what} \`${v.name}\` | ${printType(v.type)} | \`${nested(v.shape, v.data)}\` |`;

function portList(g: Generator, side: 'inputs' | 'outputs'): string {
  const ports = g.ports({})[side];
  if (ports.length === 0) return 'none';
  return ports.map((p) => `\`${p.name}\`${p.param ? ' (parameter)' : ''}`).join(', ');
}

function configTable(g: Generator): string[] {
  if (g.configFields.length === 0) return ['Config: none.', ''];
  return [
    '| config key | type | range | default | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...g.configFields.map(
      (f) =>
        `| \`${f.key}\` | ${kindText(f)} | ${rangeText(f)} | \`${JSON.stringify(f.default)}\` | ${cell(f.help ?? f.label)} |`,
    ),
    '',
  ];
}

function section(g: Generator): string[] {
  const ex = workedExample(g);
  const config = g.configFields.length === 0 ? '' : ` with config \`${JSON.stringify(ex.config)}\``;
  return [
    `### \`${g.id}\``,
    '',
    g.description,
    '',
    `- family: ${g.family}; inputs: ${portList(g, 'inputs')}; outputs: ${portList(g, 'outputs')}`,
    `- forward: ${g.doc.forward}`,
    `- reverse: ${g.doc.reverse}`,
    `- as drawn: \`${ex.drawn}\``,
    '',
    ...configTable(g),
    `Example${config}, batch of ${EXAMPLE_BATCH} (float64):`,
    '',
    '| | type | value |',
    '| --- | --- | --- |',
    ...ex.inputs.map((v) => row('input', v)),
    ...ex.outputs.map((v) => row('output', v)),
    ...ex.changes.map((v) => row('change', v)),
    ...ex.reverse.map((v) => row('R gives', v)),
    '',
  ];
}

function index(gens: readonly Generator[]): string[] {
  return [
    '| id | family | inputs → outputs | forward |',
    '| --- | --- | --- | --- |',
    ...gens.map(
      (g) =>
        `| [\`${g.id}\`](#${g.id.toLowerCase()}) | ${g.family} | ${portList(g, 'inputs')} → ${portList(g, 'outputs')} | ${cell(g.doc.forward)} |`,
    ),
    '',
  ];
}

const byId = (a: Generator, b: Generator) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const familyRank = (g: Generator) => {
  const i = FAMILIES.findIndex((f) => f.family === g.family);
  return i < 0 ? FAMILIES.length : i;
};

/**
 * The page, from the generators given (the registry's, by default), by family and then by id:
 * the registry's own order follows how modules were loaded, which differs between runners.
 */
export function generatorReference(given: readonly Generator[] = allGenerators()): string {
  const gens = [...given].sort((a, b) => familyRank(a) - familyRank(b) || byId(a, b));
  const lines = [
    '# Generator reference',
    '',
    '<!-- Generated by `npm run docs:generators` from the generator registry (src/core/generators);',
    '     src/io/generatorReference.test.ts fails when this page and the registry disagree. -->',
    '',
    "Every box a model file's diagram may hold as a core generator (`generator` is the id below),",
    `${gens.length} of them. The learner's box kinds (input, label, output, parameter, loss,`,
    'learning rate, optimiser) and groups are described in [the model format](model-format.md).',
    'Each example is computed from the registry on the float64 typed-array engine when this page',
    'is generated, so the page cannot drift from the code.',
    '',
    CONVENTIONS,
    '## Index',
    '',
    ...index(gens),
  ];
  for (const { family, title } of FAMILIES) {
    const members = gens.filter((g) => g.family === family);
    if (members.length === 0) continue;
    lines.push(`## ${title}`, '', ...members.flatMap(section));
  }
  const unknown = gens.filter((g) => !FAMILIES.some((f) => f.family === g.family));
  if (unknown.length > 0) lines.push('## Other', '', ...unknown.flatMap(section));
  return `${lines.join('\n').trimEnd()}\n`;
}
