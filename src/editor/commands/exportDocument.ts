import { downloadDocument } from '../persist/download';
import { defineCommand } from './command';

export const exportDocument = defineCommand({
  id: 'export',
  label: 'Export JSON',
  keys: ['mod+s'],
  run: ({ store }) => downloadDocument(store.getState().doc),
});
