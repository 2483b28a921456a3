/**
 * The generators a dangling wire could be plugged into: for each palette entry, the first port
 * of a new box of that kind that passes the wiring and type checks.
 */

import type { CompileResult } from '../../compile/types';
import type { LensDocument, PortRef, Position } from '../../io/document';
import { describeGenerator } from './boxInfo';
import { checkConnection } from './connection';
import { addBox } from './documentOps';
import type { PaletteEntry } from './palette';

export interface PickerOption {
  readonly entry: PaletteEntry;
  readonly port: string;
}

export function pickerOptions(
  doc: LensDocument,
  compiled: CompileResult | null,
  entries: readonly PaletteEntry[],
  from: PortRef,
  fromInput: boolean,
  at: Position,
): PickerOption[] {
  const out: PickerOption[] = [];
  for (const entry of entries) {
    if (entry.template) continue;
    const { doc: next, id } = addBox(doc, entry.generator, at, entry.config);
    const d = describeGenerator(entry.generator, entry.config);
    const ports = fromInput ? d.outputs : d.inputs;
    const port = ports.find(
      (p) =>
        checkConnection(
          next,
          compiled,
          fromInput ? { box: id, port: p.name } : from,
          fromInput ? from : { box: id, port: p.name },
        ).ok,
    );
    if (port) out.push({ entry, port: port.name });
  }
  return out;
}
