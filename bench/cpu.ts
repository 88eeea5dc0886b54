/**
 * Benchmark: µs of CPU per update, the whole bot (createBot) against a bare grammY bot answering
 * the same /start and /help, each in its own process (the bot with the node flags of `npm start`).
 * One after the other, so neither competes with the other for the two cores. No target.
 */
import { startChild } from "./lib/child.js";
import type { CpuFigures } from "./lib/cpu-per-update.js";

export interface CpuComparison {
  bot: CpuFigures;
  baseline: CpuFigures;
}

export async function benchCpu(): Promise<CpuComparison> {
  const measure = async (name: string) => {
    const child = await startChild<CpuFigures>(name);
    await child.stop();
    return child.info;
  };
  const baseline = await measure("bare-cpu");
  const bot = await measure("cpu-bot");
  return { bot, baseline };
}
