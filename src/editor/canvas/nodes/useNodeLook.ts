import { useMemo } from 'react';
import type { BoxDescription } from '../../model/boxInfo';
import { configCaption } from '../../model/configCaption';
import { useHasBoxErrors, useIsLinked } from '../../store/hooks';
import { boxMarkClass, useBoxMark } from '../animationMarks';
import type { BoxNodeData } from '../flowProjection';
import { useBox } from './useBox';
import { useDescription } from './useDescription';

export interface NodeLook {
  readonly d: BoxDescription;
  readonly label: string;
  /** The sizes its config sets (`4→3`), unless the label already says them. */
  readonly sizes: string;
  readonly failed: boolean;
  /** ` is-selected is-linked has-error anim-lit`, as far as each holds: what every node kind shows alike. */
  readonly stateClasses: string;
}

/** What every kind of node reads the same way: its description, label and highlight state. */
export function useNodeLook(id: string, data: BoxNodeData, selected: boolean | undefined): NodeLook {
  const d = useDescription(id, data);
  const box = useBox(id);
  const linked = useIsLinked(id);
  const failed = useHasBoxErrors(id);
  const mark = boxMarkClass(useBoxMark(id));
  const stateClasses = `${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${failed ? ' has-error' : ''}${mark}`;
  const label = box?.label ?? d.label;
  const config = box?.config;
  const caption = useMemo(() => (config ? configCaption(d.configFields, config) : ''), [d.configFields, config]);
  return { d, label, sizes: caption && !label.includes(caption) ? caption : '', failed, stateClasses };
}
