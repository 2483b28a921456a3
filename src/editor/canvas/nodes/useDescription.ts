import { useMemo } from 'react';
import type { BoxDescription } from '../../model/boxInfo';
import { describeGenerator, describeGroup } from '../../model/boxInfo';
import { useGroup } from '../../store/hooks';
import type { BoxNodeData } from '../flowProjection';
import { useBox } from './useBox';

const NO_CONFIG: Readonly<Record<string, unknown>> = {};

/** The description of a node's generator (or group), recomputed only when its config changes. */
export function useDescription(id: string, data: BoxNodeData): BoxDescription {
  const group = useGroup(id);
  const config = useBox(id)?.config ?? NO_CONFIG;
  return useMemo(
    () => (group ? describeGroup(group) : describeGenerator(data.generator, config)),
    [group, data.generator, config],
  );
}
