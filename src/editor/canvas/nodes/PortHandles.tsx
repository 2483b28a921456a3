/**
 * The ports of a box as in the paper's pictures: inputs enter on the left, parameters from the
 * top (Para), outputs leave on the right. While a wire is dragged, ports that could take it
 * light up (`port-compatible`).
 */
import { Handle, Position } from '@xyflow/react';
import type { PortSpec } from '../../../core/generator';
import { printType } from '../../../core/wire';
import { useIsCompatible, usePortType } from '../../store/hooks';

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
  const type = usePortType(box, port.name);
  const at = `${((index + 1) / (count + 1)) * 100}%`;
  const position = side === 'in' ? Position.Left : side === 'param' ? Position.Top : Position.Right;
  const style = side === 'param' ? { left: at } : { top: at };
  const title = `${port.name}${type ? `: ${printType(type)}` : ''}${port.param ? ' (parameter)' : ''}`;
  return (
    <Handle
      id={port.name}
      type={side === 'out' ? 'source' : 'target'}
      position={position}
      style={style}
      title={title}
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
