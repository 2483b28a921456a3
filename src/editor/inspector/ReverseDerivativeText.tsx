/**
 * The selected box's reverse derivative written out, from the core's own R[f]. The formula is the
 * same in both notations; plain notation then says, in words, what it gives (docs/notation.md).
 */
import { useMemo } from 'react';
import { getGenerator, hasGenerator } from '../../core';
import { normaliseConfig } from '../../core/config';
import type { WireType } from '../../core/wire';
import type { BoxDoc } from '../../io/document';
import { reverseText } from '../model/reverseText';
import { useNotation } from '../notation/useNotation';
import { useCompiled } from '../store/hooks';

const IN_WORDS = 'Going back: from a change of its outputs, the changes of its inputs (and weights).';

export function ReverseDerivativeText({ box }: { box: BoxDoc }) {
  const compiled = useCompiled();
  const notation = useNotation();
  const text = useMemo(() => {
    if (!hasGenerator(box.generator)) return 'Assembled by the learner (see the reverse-derivative view).';
    const g = getGenerator(box.generator);
    try {
      const config = normaliseConfig(g, box.config);
      const types = g.ports(config).inputs.map((p) => compiled?.portTypes.get(`${box.id}:${p.name}`));
      if (types.some((t) => !t)) return 'Connect its inputs to see R[f] at their types.';
      return reverseText(box.generator, config, types as WireType[]) ?? 'R[f] is not defined at these types.';
    } catch {
      return 'Fix its config to see R[f].';
    }
  }, [box, compiled]);
  return (
    <>
      <p className="reverse-text">{text}</p>
      {notation === 'plain' && <p className="reverse-words">{IN_WORDS}</p>}
    </>
  );
}
