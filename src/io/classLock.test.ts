/**
 * A class link's lock (./classLock): a fresh key opens its own check and no other; a key of the
 * wrong form opens nothing, not even a check made from it; a lock without a check opens to no key.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_PATTERN, KEY_PATTERN, keyOpens, lockCheck, makeLockKey, newClassLock } from './classLock';

describe('the class lock', () => {
  it('makes a 22-character key whose 43-character check it opens, and another key does not', async () => {
    const { key, check } = await newClassLock();
    expect(key).toMatch(KEY_PATTERN);
    expect(check).toMatch(CHECK_PATTERN);
    expect(check).toBe(await lockCheck(key));
    expect(await keyOpens(check, key)).toBe(true);
    expect(await keyOpens(check, makeLockKey())).toBe(false);
  });

  it('opens nothing with a key of the wrong form, even the check made from that very key', async () => {
    for (const odd of ['short', `${makeLockKey()}x`, `${'A'.repeat(21)}!`]) {
      expect(await keyOpens(await lockCheck(odd), odd)).toBe(false);
    }
  });

  it('opens a lock without a check to no key', async () => {
    expect(await keyOpens(null, makeLockKey())).toBe(false);
  });
});
