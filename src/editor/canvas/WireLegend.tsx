/**
 * The legend of the wires, in the canvas's top-left corner (React Flow's controls are bottom
 * left, the canvas map bottom right, the attribution top right): what each colour and strand
 * means, drawn with the very classes the wires are drawn with, so it cannot disagree with them
 * (docs/notation.md, "The legend"). A disclosure, reachable by Tab; closing it is remembered.
 * The lens view's strands are listed while the lens view is on.
 */
import { Panel } from '@xyflow/react';
import { useState } from 'react';
import type { Notation } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useLensView } from '../store/hooks';
import './legend.css';

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

export function WireLegend() {
  const notation = useNotation();
  const lens = useLensView();
  const [open, setOpen] = useState(readOpen);
  const entries = lens ? [...ALWAYS, ...LENS] : ALWAYS;
  return (
    <Panel position="top-left" className="wire-legend" aria-label="Legend of the wires">
      <details
        open={open}
        onToggle={(e) => {
          const now = e.currentTarget.open;
          setOpen(now);
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
