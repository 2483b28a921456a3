/**
 * The colours of the previews: TF Playground's orange and blue for two classes (negative,
 * positive), a ten-colour qualitative list for more, and an orange–white–blue ramp for a
 * regression target (low to high).
 */
export const NEGATIVE = '#f59322';
export const POSITIVE = '#0877bd';

const MANY = [
  '#1f77b4',
  '#e8710a',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#5f6b7a',
  '#a3a319',
  '#17becf',
];

export function classColour(index: number, classCount: number): string {
  if (classCount <= 2) return index === 0 ? NEGATIVE : POSITIVE;
  return MANY[index % MANY.length];
}

const ORANGE = [245, 147, 34];
const WHITE = [232, 234, 235];
const BLUE = [8, 119, 189];

/** t in [0, 1]: 0 orange, ½ light grey, 1 blue. */
export function rampColour(t: number): string {
  const u = Math.min(1, Math.max(0, t));
  const [from, to, s] = u < 0.5 ? [ORANGE, WHITE, u * 2] : [WHITE, BLUE, (u - 0.5) * 2];
  const c = from.map((a, i) => Math.round(a + (to[i] - a) * s));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Words for a class colour, for the accessible description of a plot. */
export function colourName(index: number, classCount: number): string {
  if (classCount <= 2) return index === 0 ? 'orange' : 'blue';
  return ['blue', 'orange', 'green', 'red', 'purple', 'brown', 'pink', 'grey', 'olive', 'cyan'][index % 10];
}
