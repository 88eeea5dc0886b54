/**
 * The update inbox's insert rate: Telegram updates (a new update_id each, 2,000 chats) recorded
 * durably and answered 200, against a bare node:http server answering 200, from the same load
 * generator in alternating rounds (bench/lib/compare.ts).
 */
import { compareWithBaseline } from "./lib/compare.js";
import type { LoadResult } from "./lib/load.js";

export interface InboxFigures {
  inbox: LoadResult;
  baseline: LoadResult;
  ratio: number;
  /** Updates answered 2xx (warm-up included), and those handled or still waiting: nothing answered may be lost. */
  answered: number;
  handled: number;
  waiting: number;
}

type Info = { url: string; path: string; secret: string };

let updateId = 1_000_000 * (process.pid % 1000);
function update(secret: string) {
  const id = ++updateId;
  const chat = 10_000 + (id % 2_000);
  const body = JSON.stringify({
    update_id: id,
    message: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: chat, type: "private", first_name: "Bench" }, from: { id: chat, is_bot: false, first_name: "Bench" }, text: "/help" },
  });
  return { body, headers: { "x-telegram-bot-api-secret-token": secret } };
}

/** `databaseUrl`: the inbox on PostgreSQL (a database of its own there) instead of SQLite. */
export async function benchInbox(seconds = 10, connections = 40, databaseUrl?: string): Promise<InboxFigures> {
  let handled = 0;
  let waiting = 0;
  const compared = await compareWithBaseline<Info>({
    baseline: "bare-http",
    candidate: "inbox",
    candidateEnv: databaseUrl ? { BENCH_INBOX_DATABASE_URL: databaseUrl } : {},
    seconds,
    connections,
    makeRequest: (info) => update(info.secret),
    afterwards: async (server) => {
      ({ handled, waiting } = await server.ask<{ handled: number; waiting: number }>("stored"));
    },
  });
  return { inbox: compared.candidate, baseline: compared.baseline, ratio: compared.ratio, answered: compared.candidateAnswered, handled, waiting };
}
