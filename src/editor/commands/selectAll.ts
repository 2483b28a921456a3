import { inScope } from '../model/documentOps';
import { defineCommand } from './command';

export const selectAll = defineCommand({
  id: 'select-all',
  label: 'Select all',
  keys: ['mod+a'],
  run: ({ store }) => {
    const { doc, scope, select } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    select([...groups, ...boxes].map((n) => n.id));
  },
});
