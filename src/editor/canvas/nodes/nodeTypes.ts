import type { NodeTypes } from '@xyflow/react';
import { BoxNode } from './BoxNode';
import { GroupNode } from './GroupNode';
import { LearnerNode } from './LearnerNode';
import { SpiderNode } from './SpiderNode';

export const nodeTypes: NodeTypes = { box: BoxNode, spider: SpiderNode, learner: LearnerNode, group: GroupNode };
