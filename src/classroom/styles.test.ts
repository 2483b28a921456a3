/**
 * The classroom's parts load at different times (docs/architecture.md, "The first screen"): the
 * header's button with the page, the Lessons dialog, the lesson editor and the running lesson each
 * when first wanted. A stylesheet travels with the module that imports it, so each part must
 * import the rules for every class it names, or it shows unstyled until another part has loaded
 * (an unstyled lesson editor pushes the canvas aside and then covers the boxes a teacher clicks).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = __dirname;
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** The local modules and stylesheets a module imports, followed through the classroom's own files. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of read(file).matchAll(/^import\s+(?:[^'"]*from\s+)?'\.\/([^']+)'/gm)) {
    const name = m[1];
    if (name.endsWith('.css')) seen.add(name);
    else for (const ext of ['.tsx', '.ts']) if (exists(name + ext)) reach(name + ext, seen);
  }
  return seen;
}

function exists(file: string): boolean {
  try {
    read(file);
    return true;
  } catch {
    return false;
  }
}

/** The `lesson…` classes a module writes in a className (literal words only). */
const classesUsed = (file: string) =>
  [...read(file).matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)].flatMap((m) =>
    (m[1] ?? m[2]).split(/[\s'$?:{}]+/).filter((c) => /^lessons?-[a-z-]+$/.test(c)),
  );

const classesStyled = (css: string) => new Set([...read(css).matchAll(/\.(lessons?-[a-z-]+)/g)].map((m) => m[1]));

/** Classes some classroom stylesheet styles; the others are names for tests and readers only. */
const anyStyled = new Set(
  readdirSync(DIR)
    .filter((f) => f.endsWith('.css'))
    .flatMap((f) => [...classesStyled(f)]),
);

describe('each separately loaded classroom part brings the styles of the classes it names', () => {
  for (const part of ['LessonsButton.tsx', 'LessonChooser.tsx', 'LessonEditor.tsx', 'ActiveLesson.tsx']) {
    it(part, () => {
      const files = [...reach(part)];
      const styled = new Set(files.filter((f) => f.endsWith('.css')).flatMap((f) => [...classesStyled(f)]));
      const used = files.filter((f) => !f.endsWith('.css')).flatMap(classesUsed);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((c) => anyStyled.has(c) && !styled.has(c))).toEqual([]);
    });
  }
});
