/**
 * Lens view: the optimiser lens above the parameter wires, as the paper draws the learner
 * (docs/architecture.md, "The learner's picture"). From the drawn optimiser down to each box
 * whose wire the learner learns runs a pair of strands: forward, the current value p the
 * optimiser hands the model; backward, dashed, the change p′ going up into the optimiser, which
 * returns the new p. They light while the animation shows the optimiser at work. Drawn in the
 * viewport, beside React Flow's wires: they are the learner's, not the document's, and cannot be
 * selected or cut.
 */
import { useInternalNode, ViewportPortal } from '@xyflow/react';
import type { LensDocument } from '../../io/document';
import type { Scope } from '../model/documentOps';
import { type LearntTarget, optimiserStrands } from '../model/learnerPicture';
import { boxName, paramName } from '../reverse/displayNames';
import { useEditor } from '../store/EditorStoreContext';
import { useBoxMark } from './animationMarks';

/** Half the gap between a pair's forward and backward strand. */
const PAIR = 5;
/** The labels p and p′ sit this far above the box, where the strands arrive upright. */
const LABEL_RISE = 14;

interface Drawn {
  readonly optimiser: string;
  readonly targets: readonly (LearntTarget & { readonly name: string })[];
}

const targetName = (doc: LensDocument, t: LearntTarget): string => {
  if (t.what !== 'parameter') return boxName(doc, t.id);
  const out = doc.wires.find((w) => w.from.box === t.id);
  return out ? paramName(doc, `${t.id}.${out.from.port}`) : boxName(doc, t.id);
};

/** The strands of a document's scope, worked out once per document and scope: the store changes far more often. */
function strandsOf() {
  let last: { doc: LensDocument; scope: Scope; key: string } | null = null;
  return (doc: LensDocument, scope: Scope): string => {
    if (last && last.doc === doc && last.scope === scope) return last.key;
    const s = optimiserStrands(doc, scope);
    const drawn: Drawn | null = s && {
      optimiser: s.optimiser,
      targets: s.targets.map((t) => ({ ...t, name: targetName(doc, t) })),
    };
    // a string, so the component re-renders only when the strands themselves change
    const key = drawn && drawn.targets.length > 0 ? JSON.stringify(drawn) : '';
    last = { doc, scope, key };
    return key;
  };
}
const strands = strandsOf();

export function OptimiserStrands() {
  const key = useEditor((s) => (s.lensView ? strands(s.doc, s.scope) : ''));
  if (!key) return null;
  const drawn = JSON.parse(key) as Drawn;
  return (
    <ViewportPortal>
      <figure className="optimiser-strands" aria-label="the optimiser's strands">
        <svg className="optimiser-strands-drawing">
          <title>The optimiser lens above the parameter wires</title>
          {drawn.targets.map((t, i) => (
            <StrandPair key={t.id} optimiser={drawn.optimiser} target={t} slot={i} of={drawn.targets.length} />
          ))}
        </svg>
      </figure>
    </ViewportPortal>
  );
}

/** A vertical S from (x1, y1) to (x2, y2). */
const vertical = (x1: number, y1: number, x2: number, y2: number): string => {
  const m = (y1 + y2) / 2;
  return `M ${x1} ${y1} C ${x1} ${m}, ${x2} ${m}, ${x2} ${y2}`;
};

function StrandPair({
  optimiser,
  target,
  slot,
  of,
}: {
  optimiser: string;
  target: Drawn['targets'][number];
  slot: number;
  of: number;
}) {
  const o = useInternalNode(optimiser);
  const t = useInternalNode(target.id);
  const lit = useBoxMark(optimiser) === 'backward';
  if (!o?.measured.width || !o.measured.height || !t?.measured.width) return null;
  const ox = o.internals.positionAbsolute.x + (o.measured.width * (slot + 1)) / (of + 1);
  const oy = o.internals.positionAbsolute.y + o.measured.height;
  const tx = t.internals.positionAbsolute.x + t.measured.width / 2;
  const ty = t.internals.positionAbsolute.y;
  const v = target.what === 'input' ? 'x' : 'p';
  const anim = lit ? ' anim-backward anim-lit' : '';
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is no control; the pair is one picture, named
    <g
      className={`optimiser-strand${anim}`}
      role="img"
      aria-label={`${target.name}: its value ${v} from the optimiser, its change ${v}′ back up into it`}
      data-target={target.id}
    >
      <title>{`The optimiser hands the model ${target.name} (${v}); the change ${v}′ that the backward pass brings up goes into the optimiser, which returns the new ${target.name}.`}</title>
      <path className="optimiser-forward" d={vertical(ox - PAIR, oy, tx - PAIR, ty)} />
      <path
        className={`backward-wire optimiser-backward${anim}`}
        d={vertical(tx + PAIR, ty, ox + PAIR, oy)}
        markerEnd="url(#lens-back-arrow)"
      />
      <text className="optimiser-strand-label" x={tx - PAIR - 3} y={ty - LABEL_RISE} textAnchor="end">
        {v}
      </text>
      <text className="optimiser-strand-label is-backward" x={tx + PAIR + 3} y={ty - LABEL_RISE}>
        {`${v}′`}
      </text>
    </g>
  );
}
