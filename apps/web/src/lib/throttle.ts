export interface Throttled {
  (): void;
  /** Drops a pending trailing call (on unmount). */
  cancel(): void;
}

/**
 * Runs `fn` at once, then at most once per `ms`: calls inside the window collapse into one
 * trailing call at its end, so the last change of a burst is never lost.
 */
export function throttle(fn: () => void, ms: number): Throttled {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function run(): void {
    timer = null;
    last = Date.now();
    fn();
  }

  const throttled = (() => {
    if (timer !== null) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
