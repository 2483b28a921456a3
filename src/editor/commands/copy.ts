import { copyText } from './clipboard';
import { defineCommand } from './command';

/** Ctrl+C itself is served by the document's `copy` event (see useClipboardEvents); this is the menu's. */
export const copy = defineCommand({
  id: 'copy',
  label: 'Copy',
  keys: ['mod+c'],
  clipboardEvent: true,
  run: async ({ store }) => {
    const text = copyText(store);
    if (text) await navigator.clipboard?.writeText(text).catch(() => undefined);
  },
});
