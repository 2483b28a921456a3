/** The Node process's resident memory, the host figure of the Node suites' memory column. */
export const rss = (): number => process.memoryUsage().rss;
