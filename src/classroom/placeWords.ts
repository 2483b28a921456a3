/**
 * Words that say where a panel or a button sits ("on the right", "at the bottom left",
 * "below"). A lesson never uses them: where a panel sits depends on the window and the
 * layout, so a step rings what it means instead (`highlight.controls`, docs/lessons.md).
 * Directions along the diagram ("left to right", "right to left") are the diagram's own.
 */
const PLACE_WORDS: readonly RegExp[] = [
  /\b(on|to|at|in|from) the (left|right|top|bottom)\b/i,
  /\b(top|bottom|upper|lower)[ -](left|right)\b/i,
  /\b(below|above|beneath|underneath|under)\b/i,
  /\b(left|right|top|bottom) (side|edge|corner|port)\b/i,
  /\bin the corner\b/i,
];

export function placeWordsIn(text: string): string[] {
  return PLACE_WORDS.flatMap((re) => {
    const m = re.exec(text);
    return m ? [m[0]] : [];
  });
}
