/**
 * uPlot with its stylesheet, as one module that chartMaking.ts imports dynamically: the charts'
 * boxes are on the first screen, the library draws into them just after it (the entry bundle
 * stays small: bench/suites/app.ts).
 */
import 'uplot/dist/uPlot.min.css';

export { default } from 'uplot';
