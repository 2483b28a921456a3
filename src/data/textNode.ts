/**
 * The `text` dataset's characters for Node (CLI, tests), read straight from the package by
 * buildText.mjs's `sotuText`. Not imported by the app: the script uses `node:fs`.
 */
interface TextScript {
  sotuText(): string;
}

const SCRIPT_URL = new URL('./buildText.mjs', import.meta.url);

export async function loadTextNode(): Promise<string> {
  // A runtime URL keeps bundlers and the type checker out of the plain-JS script.
  const script = (await import(/* @vite-ignore */ SCRIPT_URL.href)) as TextScript;
  return script.sotuText();
}
