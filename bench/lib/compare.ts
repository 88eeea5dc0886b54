/**
 * A server against its baseline, as fairly as two shared cores allow: both are started and warmed
 * up, then measured in alternating rounds (baseline, candidate, baseline, …), so that a slow spell
 * of the machine hits both alike instead of whichever happened to run then. The figures add the
 * rounds up: requests over seconds, the median p50, the highest p99.
 */
import { startChild, type ChildServer } from "./child.js";
import { runLoad, type LoadResult, type LoadOptions } from "./load.js";

export interface Comparison {
  baseline: LoadResult;
  candidate: LoadResult;
  ratio: number;
  /** 2xx answers the candidate gave, warm-up included. */
  candidateAnswered: number;
}

export interface CompareOptions<T> {
  baseline: string;
  candidate: string;
  seconds: number;
  connections: number;
  rounds?: number;
  warmupSeconds?: number;
  makeRequest: (info: T) => ReturnType<LoadOptions["makeRequest"]>;
  /** Asked of the candidate after the last round (e.g. how many events it stored). */
  afterwards?: (candidate: ChildServer<T>) => Promise<void>;
  /** The candidate's environment (e.g. the database it writes to). */
  candidateEnv?: Record<string, string>;
}

export async function compareWithBaseline<T extends { url: string; path: string }>(options: CompareOptions<T>): Promise<Comparison> {
  const rounds = options.rounds ?? 5;
  const servers = await Promise.all([startChild<T>(options.baseline), startChild<T>(options.candidate, options.candidateEnv)]);
  try {
    const load = (server: ChildServer<T>, seconds: number) =>
      runLoad({ url: server.info.url, path: server.info.path, durationSeconds: seconds, connections: options.connections, makeRequest: () => options.makeRequest(server.info) });
    const warmups = [];
    for (const server of servers) warmups.push(await load(server, options.warmupSeconds ?? 1));
    const results: LoadResult[][] = [[], []];
    const roundSeconds = Math.max(1, Math.round(options.seconds / rounds)); // autocannon runs whole seconds
    for (let round = 0; round < rounds; round++) {
      for (const [i, server] of servers.entries()) results[i]!.push(await load(server, roundSeconds));
    }
    await options.afterwards?.(servers[1]);
    const [baseline, candidate] = results.map(merge) as [LoadResult, LoadResult];
    const answered = [warmups[1]!, ...results[1]!].reduce((n, r) => n + r.requests - r.non2xx, 0);
    return { baseline, candidate, ratio: candidate.perSecond / baseline.perSecond, candidateAnswered: answered };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

function merge(results: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const p50s = results.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    perSecond: sum((r) => r.requests) / sum((r) => r.seconds),
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}
