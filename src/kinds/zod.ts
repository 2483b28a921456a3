/**
 * zod, configured once for every schema of the house. zod 4 compiles object parsers with
 * `new Function` unless told not to; our Content-Security-Policy forbids eval (in the page and
 * in the training worker), and even zod's caught probe is reported as a violation.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
