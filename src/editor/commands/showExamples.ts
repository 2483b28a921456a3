import { defineCommand } from './command';

/** The list of example documents (overlays/ExamplesDialog.tsx). */
export const showExamples = defineCommand({
  id: 'examples',
  label: 'Examples',
  keys: [],
  run: ({ store }) => store.getState().setOverlay(store.getState().overlay === 'examples' ? null : 'examples'),
});
