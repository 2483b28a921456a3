import { useMemo } from 'react';
import type { BoxDescription } from '../../model/boxInfo';
import { describeGenerator, describeGroup } from '../../model/boxInfo';
import { useGroup } from '../../store/hooks';
import type { BoxNodeData } from '../flowProjection';

/** The description of a node's generator (or group), recomputed only when its config changes. */
export function useDescription(id: string, data: BoxNodeData): BoxDescription {
  const group = useGroup(id);
  return useMemo(
    () => (group ? describeGroup(group) : describeGenerator(data.generator, data.config)),
    [group, data.generator, data.config],
  );
}
