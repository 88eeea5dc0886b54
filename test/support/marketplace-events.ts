/** Signed marketplace events as the marketplace sends them (Standard Webhooks), for tests and benchmarks. */
import { signStandardWebhook } from "../../src/dev/sandbox/sign.js";

/** The target address of these events' orders. */
export const EVENT_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** An order.filled event; the notice it causes shows `txId`. */
export function filledEvent(input: { eventId: string; orderId: string; txId: string }): string {
  const at = new Date().toISOString();
  return JSON.stringify({
    id: input.eventId,
    type: "order.filled",
    createdAt: at,
    data: {
      order: {
        id: input.orderId,
        resource: "energy",
        targetAddress: EVENT_ADDRESS,
        volume: 131000,
        duration: "1d",
        priceTrx: "7.860000",
        activationTrx: "0.000000",
        totalTrx: "7.860000",
        status: "Filled",
        txId: input.txId,
        createdAt: at,
      },
    },
  });
}

/** The headers of a delivery of `body` signed now with `secret`. */
export function signedHeaders(secret: string, eventId: string, body: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signStandardWebhook(secret, eventId, timestamp, body),
  };
}
