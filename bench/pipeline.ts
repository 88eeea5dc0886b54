/** Benchmark 2: updates per second through the whole bot in webhook mode vs a bare grammY bot. */
import { compareWithBaseline } from "./lib/compare.js";
import type { LoadResult } from "./lib/load.js";
import { startCommandUpdate } from "./lib/updates.js";

export interface PipelineFigures {
  bot: LoadResult;
  baseline: LoadResult;
  ratio: number;
}

export async function benchPipeline(seconds = 10, connections = 50): Promise<PipelineFigures> {
  const compared = await compareWithBaseline<{ url: string; path: string; secret: string }>({
    baseline: "bare-grammy",
    candidate: "bot-webhook",
    seconds,
    connections,
    // a /start from one of 10,000 users, with Telegram's secret token header
    makeRequest: (info) => ({ body: startCommandUpdate(10_000), headers: { "x-telegram-bot-api-secret-token": info.secret } }),
  });
  return { bot: compared.candidate, baseline: compared.baseline, ratio: compared.ratio };
}
