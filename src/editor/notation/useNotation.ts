/** The notation the screen writes types in, read by every component that prints one (docs/notation.md). */
import { useSyncExternalStore } from 'react';
import { notation } from '../../learn/explain/notationChoice';
import type { Notation } from '../../learn/explain/plainWords';

export const useNotation = (): Notation => useSyncExternalStore(notation.subscribe, notation.get, notation.get);
