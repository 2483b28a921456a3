/** Lens view: the backward strand of a box, drawn below the forward one and read right to left. */
import { useLensView } from '../../store/hooks';

export function BackwardStrand({ symbol }: { symbol: string }) {
  const lens = useLensView();
  if (!lens) return null;
  return (
    <div
      className="backward-strand"
      title="backward pass: R[f] takes the change of the output to the change of the input"
    >
      <span aria-hidden="true">←</span> R[{symbol}] <span aria-hidden="true">←</span>
    </div>
  );
}
