/**
 * Lens view: the optimiser lens above the parameter wires, as the paper draws the learner
 * (docs/architecture.md, "The learner's picture"). From the drawn optimiser down to each box
 * whose wire the learner learns runs a pair of strands: forward, the current value p the
 * optimiser hands the model; backward, dashed, the change p′ going up into the optimiser, which
 * returns the new p. They light while the animation shows the optimiser at work. Drawn in the
 * viewport, beside React Flow's wires: they are the learner's, not the document's, and cannot be
 * selected or cut.
 */
import { type ReactFlowState, useStore, ViewportPortal } from '@xyflow/react';
import type { LensDocument } from '../../io/document';
import type { Scope } from '../model/documentOps';
import { type LearntTarget, optimiserStrands } from '../model/learnerPicture';
import { boxName, paramName } from '../reverse/displayNames';
import { useEditor } from '../store/EditorStoreContext';
import { useBoxMark } from './animationMarks';
import { strandLayout } from './strandLayout';

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

/** The measured rectangles of the optimiser and the learnt boxes, as a string: React renders again only when one moves. */
function rectsKey(lookup: ReactFlowState['nodeLookup'], drawn: Drawn): string {
  const rect = (id: string) => {
    const n = lookup.get(id);
    if (!n?.measured.width || !n.measured.height) return null;
    const { x, y } = n.internals.positionAbsolute;
    return [x, y, n.measured.width, n.measured.height];
  };
  return JSON.stringify([rect(drawn.optimiser), ...drawn.targets.map((t) => rect(t.id))]);
}

export function OptimiserStrands() {
  const key = useEditor((s) => (s.lensView ? strands(s.doc, s.scope) : ''));
  if (!key) return null;
  return <Strands drawn={JSON.parse(key) as Drawn} />;
}

function Strands({ drawn }: { drawn: Drawn }) {
  const rects = useStore((s) => rectsKey(s.nodeLookup, drawn));
  const lit = useBoxMark(drawn.optimiser) === 'backward';
  const [o, ...ts] = JSON.parse(rects) as (number[] | null)[];
  if (!o) return null;
  const box = (r: number[]) => ({ x: r[0], y: r[1], width: r[2], height: r[3] });
  const targets = drawn.targets.flatMap((t, i) => {
    const r = ts[i];
    return r ? [{ id: t.id, rect: box(r) }] : [];
  });
  const { paths, bounds } = strandLayout(box(o), targets);
  const byId = new Map(drawn.targets.map((t) => [t.id, t]));
  const anim = lit ? ' anim-backward anim-lit' : '';
  return (
    <ViewportPortal>
      <figure className="optimiser-strands" aria-label="the optimiser's strands">
        <svg
          className="optimiser-strands-drawing"
          style={{ left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height }}
          width={bounds.width}
          height={bounds.height}
          viewBox={`${bounds.x} ${bounds.y} ${bounds.width} ${bounds.height}`}
        >
          <title>The optimiser lens above the parameter wires</title>
          {paths.map((p) => {
            const target = byId.get(p.id);
            if (!target) return null;
            const v = target.what === 'input' ? 'x' : 'p';
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is no control; the pair is one picture, named
              <g
                key={p.id}
                className={`optimiser-strand${anim}`}
                role="img"
                aria-label={`${target.name}: its value ${v} from the optimiser, its change ${v}′ back up into it`}
                data-target={p.id}
              >
                <title>{`The optimiser hands the model ${target.name} (${v}); the change ${v}′ that the backward pass brings up goes into the optimiser, which returns the new ${target.name}.`}</title>
                <path className="optimiser-forward" d={p.forward} />
                <path
                  className={`backward-wire optimiser-backward${anim}`}
                  d={p.backward}
                  markerEnd="url(#lens-back-arrow)"
                />
                <text className="optimiser-strand-label" x={p.forwardLabel.x} y={p.forwardLabel.y} textAnchor="end">
                  {v}
                </text>
                <text className="optimiser-strand-label is-backward" x={p.backwardLabel.x} y={p.backwardLabel.y}>
                  {`${v}′`}
                </text>
              </g>
            );
          })}
        </svg>
      </figure>
    </ViewportPortal>
  );
}
