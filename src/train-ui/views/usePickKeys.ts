/**
 * The keyboard's way to the attention card's choices (docs/attention.md): while the box whose
 * card is shown has the focus, `]` and `[` step to the next and previous example of the batch,
 * `h` to the next head. The card's own fields cannot be reached by Tab from a box on the canvas.
 */
import { useEffect } from 'react';
import type { AttentionPick } from './AttentionMap';
import type { AttentionShape } from './attentionPattern';

export function usePickKeys(
  box: string | null,
  shape: AttentionShape | null,
  pick: AttentionPick,
  setPick: (p: AttentionPick) => void,
): void {
  useEffect(() => {
    if (!box || !shape) return;
    const onKey = (e: KeyboardEvent) => {
      const focused = document.activeElement?.closest('main .react-flow__node')?.getAttribute('data-id');
      if (focused !== box || e.ctrlKey || e.metaKey || e.altKey) return;
      const step = e.key === ']' ? 1 : e.key === '[' ? -1 : 0;
      if (step !== 0) {
        setPick({ ...pick, example: (pick.example + step + shape.examples) % shape.examples });
        e.preventDefault();
      } else if (e.key === 'h' && shape.heads > 1) {
        setPick({ ...pick, head: (pick.head + 1) % shape.heads });
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [box, shape, pick, setPick]);
}
