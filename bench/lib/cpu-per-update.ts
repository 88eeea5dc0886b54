/**
 * CPU time per update of a bot, in its own process: the same fixed sequence of updates for the
 * bot and its baseline, handled in batches (as concurrent webhook requests would arrive), with
 * process.cpuUsage() (user + system, every thread: GC included) around each measured pass after
 * a warm-up pass. Several passes, the median kept, because the machine is shared.
 */
import type { Update } from "grammy/types";
import { commandUpdate } from "./updates.js";

export interface CpuFigures {
  /** µs of CPU per update, median of the passes, per command. */
  start: number;
  help: number;
  updates: number;
  passes: number;
}

const CHATS = 5_000;
const BATCH = 50;
const PASSES = 5;

export async function cpuPerUpdate(handleUpdate: (update: Update) => Promise<unknown>): Promise<CpuFigures> {
  const pass = async (command: string) => {
    const updates = Array.from({ length: CHATS }, (_, i) => commandUpdate(2_000_000 + i, command));
    const before = process.cpuUsage();
    for (let i = 0; i < updates.length; i += BATCH) await Promise.all(updates.slice(i, i + BATCH).map(handleUpdate));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / updates.length;
  };
  // warm-up: every chat seen once (a new user is stored on first contact), the code optimised
  await pass("/start");
  await pass("/help");
  const start: number[] = [];
  const help: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    start.push(await pass("/start"));
    help.push(await pass("/help"));
  }
  return { start: median(start), help: median(help), updates: CHATS, passes: PASSES };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
