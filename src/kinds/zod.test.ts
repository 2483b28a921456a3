import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { lazySchema, z } from './zod';

const seed = fcSeed();

/** A schema of the kinds the house nests: objects, arrays, unions, defaults, refinements. */
const makeInner = () => z.object({ n: z.number().int().min(0).max(9), tag: z.enum(['a', 'b']).default('a') });
const makeOuter = (inner: ReturnType<typeof makeInner>) =>
  z.object({
    items: z.array(inner).max(3),
    pick: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('one'), inner }),
      z.object({ kind: z.literal('none') }),
    ]),
    name: z
      .string()
      .max(4)
      .refine((s) => s !== 'xx', 'not xx')
      .optional(),
  });

const innerValue = fc.record(
  { n: fc.oneof(fc.integer({ min: -2, max: 11 }), fc.double()), tag: fc.constantFrom('a', 'b', 'c') },
  { requiredKeys: ['n'] },
);
const outerValue = fc.oneof(
  fc.record(
    {
      items: fc.array(innerValue, { maxLength: 4 }),
      pick: fc.oneof(
        fc.record({ kind: fc.constant('one'), inner: innerValue }),
        fc.record({ kind: fc.constantFrom('none', 'two') }),
      ),
      name: fc.constantFrom('ab', 'xx', 'abcdef', 7),
    },
    { requiredKeys: ['items', 'pick'] },
  ),
  fc.anything(),
);

describe('lazySchema', () => {
  it('builds its schema at the first read, once', () => {
    let made = 0;
    const s = lazySchema(() => {
      made += 1;
      return makeInner();
    });
    expect(made).toBe(0);
    expect(s.parse({ n: 3 })).toEqual({ n: 3, tag: 'a' });
    expect(s.safeParse({ n: 3.5 }).success).toBe(false);
    expect(made).toBe(1);
  });

  it('parses, refuses and reports as the schema built at once, nested in other schemas too', () => {
    const eager = makeOuter(makeInner());
    const lazy = lazySchema(() => makeOuter(lazySchema(makeInner)));
    fc.assert(
      fc.property(outerValue, (v) => {
        const a = eager.safeParse(v);
        const b = lazy.safeParse(v);
        expect(b.success).toBe(a.success);
        if (a.success && b.success) expect(b.data).toEqual(a.data);
        else expect(b.error?.issues).toEqual(a.error?.issues);
      }),
      { seed, numRuns: 300 },
    );
  });

  it('stands for the schema: instanceof, shape, extend, optional and its own errors', () => {
    const lazy = lazySchema(makeInner);
    expect(lazy).toBeInstanceOf(z.ZodType);
    expect(lazy.shape.n.maxValue).toBe(9);
    const wider = lazy.extend({ more: z.boolean() });
    expect(wider.parse({ n: 1, more: true })).toEqual({ n: 1, tag: 'a', more: true });
    expect(lazy.optional().parse(undefined)).toBeUndefined();
    expect(() => lazy.parse({ n: 'x' })).toThrow(z.ZodError);
    expect(Object.keys(z.object({ inner: lazy }).shape)).toEqual(['inner']);
    const dated = lazySchema(() => z.string().meta({ format: 'date-time' }));
    const json = z.toJSONSchema(z.object({ at: dated })) as unknown as { properties: { at: { format?: string } } };
    expect(json.properties.at.format).toBe('date-time');
  });
});
