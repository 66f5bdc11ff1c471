import { publishBench, type PublishBenchJob } from './publish.ts';

/**
 * The publish bench in a process of its own (forked by site-build.ts), as the builds are: the
 * bench's own process has seeded two sites on an embedded database of its own and run the
 * disk floor by then, and a deploy timed beside what those left (its heap, its WASM memory)
 * took 1–1.5 s longer than the same deploy in a fresh server process. Lines go back to the
 * parent, which prints them.
 */
process.once('message', (job: PublishBenchJob) => {
  const line = (name: string, value: string, budget = '') =>
    process.send!({ line: [name, value, budget] });
  publishBench(line, job).then(
    () => process.send!({ done: true }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ error: String((error as Error)?.stack ?? error) }, () => process.exit(1)),
  );
});
