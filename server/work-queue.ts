/** How much work may run at once, and how much may wait for it. */
export interface WorkQueueLimits {
  concurrency: number;
  capacity: number;
}

export interface WorkQueue {
  /**
   * Runs the task as soon as one of the `concurrency` slots is free; gives
   * undefined at once, without running it, when `capacity` tasks already wait.
   */
  run<T>(task: () => Promise<T>): Promise<T> | undefined;
}

/** A bounded queue: work beyond what it can hold is refused, not piled up. */
export function createWorkQueue({ concurrency, capacity }: WorkQueueLimits): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> | undefined => {
    if (running < concurrency) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= capacity) return undefined;
    return new Promise((resolve) => waiting.push(resolve));
  };
  // A finished task hands its slot straight to the next waiting one.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    run(task) {
      const slot = acquire();
      return slot?.then(task).finally(release);
    },
  };
}
