/** The printout of an RDA experiment: both versions of the rows, and Table 1's figure against the UCI one. */
import type { Experiment } from './catalog';
import { runRda } from './rda';

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

export async function rdaLines(exp: Experiment): Promise<string[]> {
  const uci = await runRda(exp.example, 'uci');
  const corrected = await runRda(exp.example, 'corrected');
  const want = exp.table1 ?? Number.NaN;
  const met = percent(uci.accuracy) === percent(want);
  return [
    `${exp.name}: ${exp.description}`,
    'split: the first 25 rows of each class train, in file order; the other rows test; exact match of every output bit',
    `UCI file's rows 35 and 38:   ${percent(uci.accuracy)} (${uci.correct} of ${uci.n})`,
    `Fisher's corrected rows:     ${percent(corrected.accuracy)} (${corrected.correct} of ${corrected.n})`,
    `Table 1 of Reverse Derivative Ascent: ${percent(want)} — ${met ? 'met' : 'MISSED'}`,
  ];
}
