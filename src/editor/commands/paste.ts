import { pasteText, readSystemClipboard } from './clipboard';
import { defineCommand } from './command';

/** Ctrl+V itself is served by the document's `paste` event (see useClipboardEvents); this is the menu's. */
export const paste = defineCommand({
  id: 'paste',
  label: 'Paste',
  keys: ['mod+v'],
  clipboardEvent: true,
  run: async ({ store }) => pasteText(store, await readSystemClipboard()),
});
