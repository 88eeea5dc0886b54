/** Benchmark 2: updates per second through the whole bot in webhook mode vs a bare grammY bot. */
import { startChild } from "./lib/child.js";
import { runLoad, type LoadResult } from "./lib/load.js";
import { startCommandUpdate } from "./lib/updates.js";

export interface PipelineFigures {
  bot: LoadResult;
  baseline: LoadResult;
  ratio: number;
}

async function measure(script: string, seconds: number, connections: number): Promise<LoadResult> {
  const server = await startChild<{ url: string; path: string; secret: string }>(script);
  try {
    // a short warm-up so both sides are measured after JIT and first-time SQLite work
    await runLoad({ url: server.info.url, path: server.info.path, durationSeconds: 1, connections, makeRequest: () => request(server.info.secret) });
    return await runLoad({ url: server.info.url, path: server.info.path, durationSeconds: seconds, connections, makeRequest: () => request(server.info.secret) });
  } finally {
    await server.stop();
  }
}

function request(secret: string) {
  return { body: startCommandUpdate(10_000), headers: { "x-telegram-bot-api-secret-token": secret } };
}

export async function benchPipeline(seconds = 10, connections = 50): Promise<PipelineFigures> {
  const baseline = await measure("bare-grammy", seconds, connections);
  const bot = await measure("bot-webhook", seconds, connections);
  return { bot, baseline, ratio: bot.perSecond / baseline.perSecond };
}
