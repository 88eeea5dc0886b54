/** The simulated clock and the sandbox's own timers (all unref'd, all cleared on stop). */
export const DAY_MS = 86_400_000;

export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function nextUtcMidnight(ms: number): number {
  return (utcDay(ms) + 1) * DAY_MS;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Base clock plus an offset that only ever grows (advanceClock). */
export class Clock {
  private offset = 0;

  constructor(private readonly base: () => number) {}

  /** Simulated time: what orders, rules, ledgers and the UTC day use. */
  now(): number {
    return this.base() + this.offset;
  }

  /** The base clock without the offset: transport time, e.g. webhook timestamps. */
  baseNow(): number {
    return this.base();
  }

  /** Moves simulated time forward to `at`; never backwards. */
  moveTo(at: number): void {
    const delta = at - this.now();
    if (delta > 0) this.offset += delta;
  }
}

export class Timers {
  private readonly handles = new Set<NodeJS.Timeout>();
  private stopped = false;

  after(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const handle = setTimeout(() => {
      this.handles.delete(handle);
      guarded(fn);
    }, ms);
    handle.unref();
    this.handles.add(handle);
  }

  every(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const handle = setInterval(() => guarded(fn), ms);
    handle.unref();
    this.handles.add(handle);
  }

  stop(): void {
    this.stopped = true;
    for (const handle of this.handles) clearTimeout(handle);
    this.handles.clear();
  }
}

/** A timer callback must never take the process down: report and carry on. */
function guarded(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error("sandbox: timer callback failed", error);
  }
}
