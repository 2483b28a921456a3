/**
 * What a step of the lesson being written waits for (io/lessonSchema.ts, WaitSchema): a kind
 * chosen from the list, and its fields as choices from the diagram on the canvas where they
 * name a box, a port or a wire. "Nothing" lets the class read and go on.
 */
import type { LensDocument } from '../io/document';
import type { Wait } from '../io/lessonSchema';

type Kind = Wait['kind'];

export const WAIT_KINDS: readonly { kind: Kind | ''; name: string }[] = [
  { kind: '', name: 'Nothing: read and go on' },
  { kind: 'wire', name: 'A wire drawn' },
  { kind: 'select', name: 'A box clicked (the inspector shows it)' },
  { kind: 'add', name: 'A box added from the palette' },
  { kind: 'config', name: 'A box’s setting changed' },
  { kind: 'overlay', name: 'A view opened' },
  { kind: 'lens-view', name: 'The lens view turned on' },
  { kind: 'train', name: 'Training steps taken' },
  { kind: 'animate', name: 'A step animated' },
];

const OVERLAYS = [
  { value: 'reverse', name: 'Show reverse derivative' },
  { value: 'examples', name: 'Examples' },
  { value: 'shortcuts', name: 'Shortcuts' },
  { value: 'picture', name: 'Picture' },
] as const;

/** A wait of this kind over the diagram, with the first choices filled in. */
export function waitOfKind(kind: Kind | '', doc: LensDocument): Wait | undefined {
  const box = doc.boxes[0]?.id ?? '';
  const wire = doc.wires[0];
  switch (kind) {
    case '':
      return undefined;
    case 'wire':
      return wire
        ? { kind, from: `${wire.from.box}.${wire.from.port}`, to: `${wire.to.box}.${wire.to.port}` }
        : { kind, from: '', to: '' };
    case 'select':
      return { kind, box };
    case 'add':
      return { kind, generator: doc.boxes[0]?.generator ?? 'linear' };
    case 'config':
      return { kind, box, key: '', value: '' };
    case 'overlay':
      return { kind, overlay: 'reverse' };
    case 'train':
      return { kind, steps: 1 };
    default:
      return { kind };
  }
}

const wireName = (w: LensDocument['wires'][number]) => `${w.from.box}.${w.from.port} → ${w.to.box}.${w.to.port}`;

/** A typed value: a number or true/false when it reads as one, else the text. */
const typedValue = (text: string): string | number | boolean =>
  text === 'true'
    ? true
    : text === 'false'
      ? false
      : text.trim() !== '' && Number.isFinite(Number(text))
        ? Number(text)
        : text;

export function WaitFields({
  wait,
  doc,
  onChange,
  label,
}: {
  wait: Wait | undefined;
  doc: LensDocument;
  onChange: (w: Wait | undefined) => void;
  label: string;
}) {
  const boxSelect = (value: string, set: (box: string) => void) => (
    <label>
      Box{' '}
      <select value={value} onChange={(e) => set(e.currentTarget.value)}>
        {doc.boxes.map((b) => (
          <option key={b.id} value={b.id}>
            {b.label ? `${b.label} (${b.id})` : b.id}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="lesson-wait">
      <legend>{label}</legend>
      <label>
        Waits for{' '}
        <select value={wait?.kind ?? ''} onChange={(e) => onChange(waitOfKind(e.currentTarget.value as Kind, doc))}>
          {WAIT_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.name}
            </option>
          ))}
        </select>
      </label>
      {wait?.kind === 'wire' && (
        <label>
          The wire (the lesson starts without it){' '}
          <select
            value={`${wait.from} → ${wait.to}`}
            onChange={(e) => {
              const [from, to] = e.currentTarget.value.split(' → ');
              onChange({ ...wait, from, to });
            }}
          >
            {doc.wires.map((w) => (
              <option key={w.id} value={wireName(w)}>
                {wireName(w)}
              </option>
            ))}
          </select>
        </label>
      )}
      {(wait?.kind === 'select' || wait?.kind === 'config') && boxSelect(wait.box, (box) => onChange({ ...wait, box }))}
      {wait?.kind === 'config' && (
        <>
          <label>
            Setting{' '}
            <input type="text" value={wait.key} onChange={(e) => onChange({ ...wait, key: e.currentTarget.value })} />
          </label>
          <label>
            Value{' '}
            <input
              type="text"
              value={String(wait.value)}
              onChange={(e) => onChange({ ...wait, value: typedValue(e.currentTarget.value) })}
            />
          </label>
        </>
      )}
      {wait?.kind === 'add' && (
        <label>
          Generator{' '}
          <input
            type="text"
            value={wait.generator}
            onChange={(e) => onChange({ ...wait, generator: e.currentTarget.value })}
          />
        </label>
      )}
      {wait?.kind === 'overlay' && (
        <label>
          View{' '}
          <select
            value={wait.overlay}
            onChange={(e) => onChange({ ...wait, overlay: e.currentTarget.value as typeof wait.overlay })}
          >
            {OVERLAYS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {wait?.kind === 'train' && (
        <label>
          Steps{' '}
          <input
            type="number"
            min={1}
            max={100000}
            value={wait.steps}
            onChange={(e) =>
              onChange({
                ...wait,
                steps: Math.max(1, Math.min(100000, Math.round(Number(e.currentTarget.value) || 1))),
              })
            }
          />
        </label>
      )}
      {wait && (
        <label>
          The task in your words (optional){' '}
          <input
            type="text"
            maxLength={200}
            value={wait.say ?? ''}
            onChange={(e) => {
              const { say: _, ...rest } = wait;
              onChange(e.currentTarget.value ? { ...rest, say: e.currentTarget.value } : rest);
            }}
          />
        </label>
      )}
    </fieldset>
  );
}
