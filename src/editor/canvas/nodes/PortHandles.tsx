/**
 * The ports of a box as in the paper's pictures: inputs enter on the left, parameters from the
 * top (Para), outputs leave on the right, each in the middle of an equal slice of its side
 * (portPlacement.ts). While a wire is dragged, ports that could take it
 * light up (`port-compatible`). A port's tooltip (name and inferred type) is read from the store
 * when the pointer reaches it: subscribing 800 ports to every compile would re-render them all.
 */
import { Handle, Position } from '@xyflow/react';
import type { MouseEvent } from 'react';
import type { PortSpec } from '../../../core/generator';
import { notation } from '../../../learn/explain/notationChoice';
import { typeIn } from '../../../learn/explain/plainWords';
import type { EditorStore } from '../../store/createEditorStore';
import { useEditorStoreApi } from '../../store/EditorStoreContext';
import { useIsCompatible } from '../../store/hooks';
import { portOffset } from './portPlacement';

function portTitle(store: EditorStore, box: string, port: PortSpec): string {
  const type = store.getState().compiled?.portTypes.get(`${box}:${port.name}`);
  return `${port.name}${type ? `: ${typeIn(notation.get(), type)}` : ''}${port.param ? ' (parameter)' : ''}`;
}

function Port({
  box,
  port,
  side,
  index,
  count,
}: {
  box: string;
  port: PortSpec;
  side: 'in' | 'param' | 'out';
  index: number;
  count: number;
}) {
  const compatible = useIsCompatible(box, port.name);
  const store = useEditorStoreApi();
  const at = `${portOffset(index, count) * 100}%`;
  const position = side === 'in' ? Position.Left : side === 'param' ? Position.Top : Position.Right;
  const style = side === 'param' ? { left: at } : { top: at };
  return (
    <Handle
      id={port.name}
      type={side === 'out' ? 'source' : 'target'}
      position={position}
      style={style}
      onMouseEnter={(e: MouseEvent<HTMLDivElement>) => {
        e.currentTarget.title = portTitle(store, box, port);
      }}
      aria-label={`${side === 'out' ? 'output' : side === 'param' ? 'parameter' : 'input'} ${port.name}`}
      data-port={port.name}
      className={`port port-${side}${compatible ? ' port-compatible' : ''}`}
    />
  );
}

export function PortHandles({
  box,
  inputs,
  outputs,
}: {
  box: string;
  inputs: readonly PortSpec[];
  outputs: readonly PortSpec[];
}) {
  const data = inputs.filter((p) => !p.param);
  const params = inputs.filter((p) => p.param);
  return (
    <>
      {data.map((p, i) => (
        <Port key={`i-${p.name}`} box={box} port={p} side="in" index={i} count={data.length} />
      ))}
      {params.map((p, i) => (
        <Port key={`p-${p.name}`} box={box} port={p} side="param" index={i} count={params.length} />
      ))}
      {outputs.map((p, i) => (
        <Port key={`o-${p.name}`} box={box} port={p} side="out" index={i} count={outputs.length} />
      ))}
    </>
  );
}
