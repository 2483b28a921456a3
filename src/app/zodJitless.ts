/**
 * zod 4 compiles object parsers with `new Function` unless told not to; our CSP forbids eval,
 * and even zod's caught probe is reported as a violation. Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
