import type { RunnerHandle } from "@grammyjs/runner";

/**
 * Stops fetching updates and waits for the ones being handled to finish (runner.stop() alone does
 * not), so a shutdown never closes the database under a handler or loses a conversation step.
 */
export async function stopRunner(runner: RunnerHandle, timeoutMs = 10_000): Promise<void> {
  if (runner.isRunning()) await runner.stop();
  const deadline = Date.now() + timeoutMs;
  while (runner.size() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
