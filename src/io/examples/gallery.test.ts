/**
 * The gallery's list (./index) as the Examples dialog shows it: each example once, under its own
 * file's id, with a name, a caption and one of the dialog's groups; each group's note a sentence.
 * The list is built as the module loads, so each test loads the module afresh (a query makes a
 * new module) and checks the list that load built, not one cached from before the test began.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

let loads = 0;
const gallery = async (): Promise<typeof import('./index')> => import(/* @vite-ignore */ `./index?gallery-${++loads}`);

const file = (id: string) => JSON.parse(readFileSync(new URL(`./${id}.json`, import.meta.url), 'utf8')) as unknown;

describe('the gallery', () => {
  it('lists each example file once, under the id of the file it holds', async () => {
    const { examples } = await gallery();
    const ids = examples.map((e) => e.id);
    // every example file of the folder but the full CatGPT, which only the experiment opens
    const files = readdirSync(new URL('.', import.meta.url))
      .filter((f) => f.endsWith('.json') && f !== 'catgpt-full.json')
      .map((f) => f.slice(0, -'.json'.length));
    expect([...ids].sort()).toEqual(files.sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of examples) expect(e.json, e.id).toEqual(file(e.id));
  });

  it('gives each example a name of its own, a caption and a group the dialog shows', async () => {
    const { examples, EXAMPLE_GROUPS } = await gallery();
    const names = examples.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of examples) {
      expect(e.name.trim().length, e.id).toBeGreaterThan(2);
      expect(e.description.length, e.id).toBeGreaterThan(40);
      expect(EXAMPLE_GROUPS, e.id).toContain(e.group);
    }
    expect(new Set(examples.map((e) => e.group))).toEqual(new Set(EXAMPLE_GROUPS));
  });

  it("writes a group's note as a sentence, under a group the dialog shows", async () => {
    const { EXAMPLE_GROUP_NOTES, EXAMPLE_GROUPS } = await gallery();
    const notes = Object.entries(EXAMPLE_GROUP_NOTES);
    expect(notes.length).toBeGreaterThan(0);
    for (const [group, note] of notes) {
      expect(EXAMPLE_GROUPS).toContain(group);
      expect(note, group).toMatch(/^\S.{40,}\.$/);
    }
  });
});
