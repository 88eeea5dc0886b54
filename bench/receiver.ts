/**
 * Benchmark 1: signed order.filled events per second, verified and committed by the receiver,
 * against a bare node:http server answering 200. Both get the same freshly signed requests
 * (Standard Webhooks, a new event id each) from the same load generator, in alternating rounds.
 */
import { randomUUID } from "node:crypto";
import { compareWithBaseline } from "./lib/compare.js";
import type { LoadResult } from "./lib/load.js";
import { signStandardWebhook } from "../src/dev/sandbox/sign.js";

export interface ReceiverFigures {
  receiver: LoadResult;
  baseline: LoadResult;
  ratio: number;
  /** Events the receiver committed, and the deliveries it answered 2xx (warm-up included): nothing acknowledged may be lost. */
  stored: number;
  answered: number;
  /** Of the stored events, those left waiting for room in the outbox (nothing sends in this benchmark). */
  waiting: number;
}

type Info = { url: string; path: string; secret: string };

let sequence = 0;
function signedEvent(secret: string) {
  const id = `msg_bench_${process.pid}_${++sequence}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id,
    type: "order.filled",
    createdAt: new Date().toISOString(),
    data: {
      order: {
        id: randomUUID(),
        resource: "energy",
        targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        volume: 131000,
        duration: "1h",
        priceTrx: "7.860000",
        activationTrx: "0.000000",
        totalTrx: "7.860000",
        status: "Filled",
        txId: "a".repeat(64),
        createdAt: new Date().toISOString(),
      },
    },
  });
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signStandardWebhook(secret, id, timestamp, body),
    },
  };
}

/** `databaseUrl`: the receiver on PostgreSQL (a database of its own there) instead of SQLite. */
export async function benchReceiver(seconds = 10, connections = 50, databaseUrl?: string): Promise<ReceiverFigures> {
  let stored = 0;
  let waiting = 0;
  const compared = await compareWithBaseline<Info>({
    baseline: "bare-http",
    candidate: "receiver",
    candidateEnv: databaseUrl ? { BENCH_RECEIVER_DATABASE_URL: databaseUrl } : {},
    seconds,
    connections,
    makeRequest: (info) => signedEvent(info.secret),
    afterwards: async (receiver) => {
      ({ events: stored, waiting } = await receiver.ask<{ events: number; waiting: number }>("stored"));
    },
  });
  return { receiver: compared.candidate, baseline: compared.baseline, ratio: compared.ratio, stored, answered: compared.candidateAnswered, waiting };
}
