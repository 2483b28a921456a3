import { exportToFile } from '../persist/exportFile';
import { defineCommand } from './command';

export const exportDocument = defineCommand({
  id: 'export',
  label: 'Export JSON',
  keys: ['mod+s'],
  run: ({ store }) => exportToFile(store),
});
