/** The menu's list (targetInfo.ts) names the writers' list (targets.ts), in the same order. */
import { describe, expect, it } from 'vitest';
import { EXPORT_TARGET_INFO } from './targetInfo';
import { EXPORT_TARGETS } from './targets';

describe('EXPORT_TARGET_INFO', () => {
  it('lists each target as EXPORT_TARGETS does', () => {
    expect(EXPORT_TARGET_INFO.map(({ id, label, summary }) => ({ id, label, summary }))).toEqual(
      EXPORT_TARGETS.map(({ id, label, summary }) => ({ id, label, summary })),
    );
  });
});
