/**
 * "Notation: plain / mathematical", in the status bar: how every type on the screen is written —
 * "2 inputs → 8 outputs, 16 weights" or `ℝ^2 → ℝ^8, P = ℝ^{2×8}ᵖ` (docs/notation.md). Two radio
 * buttons: arrow keys move between them, as in every radio group.
 */
import { notation } from '../../learn/explain/notationChoice';
import { NOTATIONS } from '../../learn/explain/plainWords';
import './notation.css';
import { useNotation } from './useNotation';

const TITLES = {
  plain: 'Types in words: "2 inputs → 8 outputs, 16 weights"',
  mathematical: 'Types in mathematics: ℝ^2 → ℝ^8, P = ℝ^{2×8}ᵖ',
} as const;

export function NotationSwitch() {
  const current = useNotation();
  return (
    <div className="notation-switch" role="radiogroup" aria-label="Notation">
      <span aria-hidden="true">Notation:</span>
      {NOTATIONS.map((n) => (
        <label key={n} title={TITLES[n]}>
          <input
            type="radio"
            name="lensboard-notation"
            value={n}
            checked={current === n}
            onChange={() => notation.set(n)}
          />
          {n}
        </label>
      ))}
    </div>
  );
}
