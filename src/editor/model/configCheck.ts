/**
 * Is this value allowed for this config field? The core's own config check decides (the same
 * one the compiler runs), so the inspector refuses exactly what the compiler would, and says
 * the allowed range in the core's words.
 */

import { normaliseConfig } from '../../core/config';
import { ConfigError } from '../../core/errors';
import type { Generator } from '../../core/generator';
import type { BoxConfigField } from '../../kinds/boxKinds';
import type { Verdict } from './connection';

export function checkConfigValue(generator: string, field: BoxConfigField, value: unknown): Verdict {
  if (field.kind === 'init') return checkInit(field, value);
  if (field.accepts) {
    const allowed = field.accepts(value);
    return allowed === null ? { ok: true } : { ok: false, reason: `${field.label} ${allowed}` };
  }
  const probe = { id: generator, configFields: [field] } as unknown as Generator;
  try {
    normaliseConfig(probe, { [field.key]: value });
    return { ok: true };
  } catch (e) {
    if (e instanceof ConfigError) return { ok: false, reason: `${field.label} must be ${e.allowed}` };
    return { ok: false, reason: String(e) };
  }
}

/** The allowed range in words, for a hint beside the input: `1 … 65536`. */
export function rangeText(field: BoxConfigField): string | null {
  if (field.min === undefined && field.max === undefined) return null;
  return `${field.min ?? '−∞'} … ${field.max ?? '∞'}`;
}

/** An initialiser is `{ kind, … }` with a kind from the field's options. */
function checkInit(field: BoxConfigField, value: unknown): Verdict {
  const kind = (value as { kind?: unknown } | null)?.kind;
  const options: readonly string[] = field.options ?? [];
  if (typeof kind === 'string' && options.includes(kind)) return { ok: true };
  return { ok: false, reason: `${field.label} must be one of ${options.join(', ')}` };
}
