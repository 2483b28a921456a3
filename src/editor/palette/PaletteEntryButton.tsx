/**
 * One palette entry: symbol, name, signature and one line, in the notation chosen
 * (docs/notation.md); drag it onto the canvas or click to add.
 */
import { useReactFlow } from '@xyflow/react';
import type { Ref } from 'react';
import { descriptionIn } from '../../learn/explain/plainDescriptions';
import { PALETTE_MIME, placeEntry, viewCentre } from '../canvas/placement';
import type { PaletteEntry } from '../model/palette';
import { useNotation } from '../notation/useNotation';
import { useEditorStoreApi } from '../store/EditorStoreContext';

export function PaletteEntryButton({ entry, ref }: { entry: PaletteEntry; ref?: Ref<HTMLButtonElement> }) {
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const plain = useNotation() === 'plain';
  const description =
    plain && !entry.template ? descriptionIn('plain', entry.generator, entry.description) : entry.description;
  const signature = plain ? entry.plainSignature : entry.signature;
  return (
    <button
      ref={ref}
      type="button"
      className="palette-entry"
      draggable
      aria-label={entry.name}
      title={`${entry.name}${signature ? ` (${signature})` : ''}: ${description}`}
      onDragStart={(e) => {
        e.dataTransfer.setData(
          PALETTE_MIME,
          JSON.stringify({ generator: entry.generator, config: entry.config, template: entry.template }),
        );
        e.dataTransfer.effectAllowed = 'copy';
      }}
      onClick={() => placeEntry(store, entry, viewCentre(flow.screenToFlowPosition))}
    >
      <span className="palette-symbol" style={{ color: entry.colour }} aria-hidden="true">
        {entry.symbol}
      </span>
      <span className="palette-text">
        <span className="palette-name">{entry.name}</span>
        {signature && <span className={`palette-signature${plain ? ' is-plain' : ''}`}>{signature}</span>}
        <span className="palette-description">{description}</span>
      </span>
    </button>
  );
}
