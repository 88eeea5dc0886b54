/**
 * Benchmark 1: signed order.filled events per second, verified and committed by the receiver,
 * against a bare node:http server answering 200. Both get the same freshly signed requests
 * (Standard Webhooks, a new event id each) from the same load generator.
 */
import { randomUUID } from "node:crypto";
import { startChild } from "./lib/child.js";
import { runLoad, type LoadResult } from "./lib/load.js";
import { signStandardWebhook } from "../src/sandbox/sign.js";

export interface ReceiverFigures {
  receiver: LoadResult;
  baseline: LoadResult;
  ratio: number;
  /** Events the receiver committed (must equal its 2xx answers: nothing acknowledged is lost). */
  stored: number;
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

async function measure(script: string, seconds: number, connections: number): Promise<{ load: LoadResult; stored: number }> {
  const server = await startChild<Info>(script);
  try {
    const load = await runLoad({ url: server.info.url, path: server.info.path, durationSeconds: seconds, connections, makeRequest: () => signedEvent(server.info.secret) });
    const { events } = await server.ask<{ events: number }>("stored");
    return { load, stored: events };
  } finally {
    await server.stop();
  }
}

export async function benchReceiver(seconds = 10, connections = 50): Promise<ReceiverFigures> {
  const baseline = await measure("bare-http", seconds, connections);
  const receiver = await measure("receiver", seconds, connections);
  return { receiver: receiver.load, baseline: baseline.load, ratio: receiver.load.perSecond / baseline.load.perSecond, stored: receiver.stored };
}
