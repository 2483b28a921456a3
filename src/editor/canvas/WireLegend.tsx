/**
 * The legend of the wires, in the canvas's top-left corner (React Flow's controls are bottom
 * left, the canvas map bottom right, the attribution top right): what each colour and strand
 * means, drawn with the very classes the wires are drawn with, so it cannot disagree with them
 * (docs/notation.md, "The legend"). A disclosure, reachable by Tab; closing it is remembered.
 * The lens view's strands are listed while the lens view is on. When a document opens, or the
 * canvas changes size, or Fit view frames it, and the open legend would cover a box of the drawing, it folds itself for
 * that view (not remembered): the drawing is never hidden behind it.
 */
import { Panel, useStore, useStoreApi } from '@xyflow/react';
import { useEffect, useRef, useState } from 'react';
import type { Notation } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useEditor } from '../store/EditorStoreContext';
import { useLensView } from '../store/hooks';
import { meetsABox, type Rect } from './furniture';
import { LEGEND_OPEN_SIZE } from './furnitureOnScreen';
import './legend.css';

/** A box React Flow has not measured yet is taken to be this size (canvas units). */
const UNMEASURED = { width: 120, height: 48 };

const KEY = 'lensboard.legend';

interface Entry {
  readonly key: string;
  /** The swatch: SVG paths drawn with the wires' own classes. */
  readonly swatch: readonly { readonly className: string; readonly style?: { stroke: string } }[];
  readonly words: Readonly<Record<Notation, string>>;
}

/** Positive and negative weights: the training panel's two colours (train-ui/data/colours.ts). */
const POSITIVE = '#0877bd';
const NEGATIVE = '#f59322';

const ALWAYS: readonly Entry[] = [
  {
    key: 'forward',
    swatch: [{ className: 'typed-wire' }],
    words: { plain: 'numbers flowing forward', mathematical: 'forward wire, ℝ^n' },
  },
  {
    key: 'bits',
    swatch: [{ className: 'typed-wire wire-z2' }, { className: 'wire-z2-core' }],
    words: { plain: 'bits (0 or 1)', mathematical: 'ℤ₂ wire' },
  },
  {
    key: 'weights',
    swatch: [
      { className: 'typed-wire legend-half-top', style: { stroke: POSITIVE } },
      { className: 'typed-wire legend-half-bottom', style: { stroke: NEGATIVE } },
    ],
    words: {
      plain: 'trained weights: blue +, orange −',
      mathematical: 'trained P: blue w > 0, orange w < 0',
    },
  },
  {
    key: 'error',
    swatch: [{ className: 'typed-wire wire-error' }],
    words: { plain: 'does not fit (see its message)', mathematical: 'ill-typed wire' },
  },
];

const LENS: readonly Entry[] = [
  {
    key: 'backward',
    swatch: [{ className: 'backward-wire' }],
    words: { plain: 'changes flowing back', mathematical: 'backward strand, R[f]' },
  },
  {
    key: 'optimiser',
    swatch: [{ className: 'optimiser-forward' }, { className: 'backward-wire legend-low' }],
    words: {
      plain: 'optimiser: weight down, its change up',
      mathematical: 'optimiser lens: p down, p′ up',
    },
  },
];

function readOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'closed';
  } catch {
    return true;
  }
}

function saveOpen(open: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, open ? 'open' : 'closed');
  } catch {
    // storage refused: the legend stays as it is for this page
  }
}

function Swatch({ entry }: { entry: Entry }) {
  return (
    <svg className="wire-swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true">
      {entry.swatch.map((s) => (
        <path key={s.className} d="M 1 6 H 27" className={s.className} style={s.style} />
      ))}
    </svg>
  );
}

/**
 * Folds the legend while, open, it would cover a box: checked a frame after each opening of a
 * document (its view is set by then), each Fit view, each change of the canvas's size and of the lens view.
 * The open legend's size is the last one measured while it was open.
 */
function useFoldedOverBoxes(chosen: boolean, lens: boolean) {
  const [folded, setFolded] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const openSize = useRef<{ width: number; height: number } | null>(null);
  const opened = useEditor((s) => s.opened);
  const framed = useEditor((s) => s.framed);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const flow = useStoreApi();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened, framed, width, height and lens are when to look again, not values read
  useEffect(() => {
    if (!chosen) return;
    const frame = requestAnimationFrame(() => {
      const el = details.current?.parentElement;
      const { domNode, transform, nodeLookup } = flow.getState();
      if (!el || !domNode) return;
      const pane = domNode.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      if (el.querySelector('details')?.open) {
        openSize.current = { width: r.width, height: r.height };
        el.setAttribute(LEGEND_OPEN_SIZE, `${r.width}×${r.height}`);
      }
      const size = openSize.current;
      if (!size) return;
      const legend: Rect = { x: r.x - pane.x, y: r.y - pane.y, ...size };
      const boxes: Rect[] = [];
      for (const n of nodeLookup.values()) {
        if (n.hidden) continue;
        const p = n.internals.positionAbsolute;
        boxes.push({
          x: p.x,
          y: p.y,
          width: n.measured.width ?? UNMEASURED.width,
          height: n.measured.height ?? UNMEASURED.height,
        });
      }
      setFolded(meetsABox(legend, { x: transform[0], y: transform[1], zoom: transform[2] }, boxes));
    });
    return () => cancelAnimationFrame(frame);
  }, [chosen, opened, framed, width, height, lens, flow]);
  return { folded, unfold: () => setFolded(false), details };
}

export function WireLegend() {
  const notation = useNotation();
  const lens = useLensView();
  // the user's choice, remembered; `folded` is the legend's own, for the view as it is
  const [chosen, setChosen] = useState(readOpen);
  const { folded, unfold, details } = useFoldedOverBoxes(chosen, lens);
  const open = chosen && !folded;
  const entries = lens ? [...ALWAYS, ...LENS] : ALWAYS;
  return (
    <Panel position="top-left" className="wire-legend" aria-label="Legend of the wires">
      <details
        ref={details}
        open={open}
        onToggle={(e) => {
          const now = e.currentTarget.open;
          if (now === open) return; // the legend folding or unfolding itself
          unfold();
          setChosen(now);
          saveOpen(now);
        }}
      >
        <summary>Legend</summary>
        <ul>
          {entries.map((e) => (
            <li key={e.key} data-legend={e.key}>
              <Swatch entry={e} />
              <span>{e.words[notation]}</span>
            </li>
          ))}
        </ul>
      </details>
    </Panel>
  );
}
