/**
 * The page's first screen builds no zod schema (docs/architecture.md, "The first screen"): the
 * schemas are built when a document, a file, a link, a lesson or a run is first read.
 */
import { describe, expect, it } from 'vitest';
import { z } from '../kinds/zod';

describe("the page's modules build no schema as they load", () => {
  it('loads the editor, the compiler, the file doors and the runs without building one', async () => {
    // zod sets its default locale when its first schema is built: none has been built yet.
    expect(z.config().localeError).toBeUndefined();
    await Promise.all([
      import('../editor/store/createEditorStore'),
      import('../editor/model/documentOps'),
      import('../editor/model/palette'),
      import('../editor/commands/clipboard'),
      import('../editor/persist/firstVisit'),
      import('../editor/persist/library'),
      import('../io/shareLink'),
      import('../io/modelWrite'),
      import('../io/modelArchive'),
      import('../io/examples/first'),
      import('../train-ui/runs/openRun'),
      import('../train-ui/runs/runBook'),
    ]);
    expect(z.config().localeError).toBeUndefined();
    const { DocumentSchema } = await import('../io/document');
    expect(DocumentSchema.safeParse({}).success).toBe(false);
    expect(z.config().localeError).toBeDefined();
  });
});
