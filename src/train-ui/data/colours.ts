/**
 * The colours of the previews: TF Playground's orange and blue for two classes (negative,
 * positive), a ten-colour qualitative list for more, and an orange–white–blue ramp for a
 * regression target (low to high). Both class lists are colour-blind-safe: the ten are
 * Okabe–Ito's eight but yellow (a light background hides it) and Paul Tol's indigo, wine and olive.
 */
export const NEGATIVE = '#f59322';
export const POSITIVE = '#0877bd';

const MANY = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#000000',
  '#332288',
  '#882255',
  '#999933',
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
  return ['blue', 'vermilion', 'green', 'pink', 'orange', 'sky blue', 'black', 'indigo', 'wine', 'olive'][index % 10];
}
