/** Implementations beyond the peers that the page also runs: the compiled Program on tfjs (webgl). */
import { compiledImpl } from '../../src/testing/compiledTrainer';
import type { Impl } from '../mlpRows';

export const browserImpls: readonly Impl[] = [compiledImpl('tfjs')];
