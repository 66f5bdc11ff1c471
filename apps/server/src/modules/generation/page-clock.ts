/**
 * Where one page's time goes, for the worker's `page written` debug line (the bench prints
 * their medians): claiming it, building its prompt, waiting for a call slot, the model's
 * answer in the slot, then writing the page and settling its project.
 */
export function startPageClock() {
  const now = () => performance.now();
  const at = { start: now(), claimed: 0, asked: 0, answered: 0, written: 0 };
  let wait = 0;
  let model = 0;
  return {
    claimed: () => void (at.claimed = now()),
    written: () => void (at.written = now()),
    /** Times a call: `take` waits for a slot and runs what it is given in it. */
    async slot<T>(
      take: (inSlot: () => Promise<T>) => Promise<T>,
      call: () => Promise<T>,
    ): Promise<T> {
      const asked = now();
      at.asked ||= asked;
      return take(async () => {
        wait += now() - asked;
        const started = now();
        try {
          return await call();
        } finally {
          model += now() - started;
          at.answered = now();
        }
      });
    },
    /** Whole milliseconds per phase, once the page is settled. */
    phases() {
      const ms = Math.round;
      return {
        claim: ms(at.claimed - at.start),
        prepare: ms(at.asked - at.claimed),
        wait: ms(wait),
        model: ms(model),
        write: ms(at.written - at.answered),
        settle: ms(now() - at.written),
      };
    },
  };
}
export type PageClock = ReturnType<typeof startPageClock>;
