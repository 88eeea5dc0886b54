/**
 * Chats with a marketplace webhook endpoint each, and numbered order.filled events posted to them
 * signed: the notice of event n of a chat shows a transaction id that names both, so a test can tell
 * every notice apart and check each chat's order. Written straight into the store (the /webhook
 * flow is tested on its own).
 */
import { randomBytes } from "node:crypto";
import { request } from "undici";
import type { Store } from "../../src/store/index.js";
import { filledEvent, signedHeaders } from "./marketplace-events.js";

export interface Endpoint {
  chatId: number;
  routeToken: string;
  secret: string;
}

export async function givenChatsWithEndpoints(store: Store, chats: number, firstChat: number): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (let i = 0; i < chats; i++) {
    const chatId = firstChat + i;
    await store.users.touch(chatId, chatId);
    const row = await store.webhooks.ensureForUser(chatId, null);
    await store.webhooks.setEndpointId(row.id, `0b1e2c3d-4e5f-4a6b-8c7d-${String(chatId).padStart(12, "0")}`);
    const secret = "whsec_" + randomBytes(24).toString("base64");
    await store.webhooks.setSecret(row, secret);
    endpoints.push({ chatId, routeToken: row.routeToken, secret });
  }
  return endpoints;
}

/** The transaction id event `n` of `chat` carries (and its notice shows). */
export const txIdOf = (chat: number, n: number): string => `${String(chat).padStart(8, "0")}${String(n).padStart(8, "0")}`.padStart(64, "e");

/** Finds such a transaction id in a notice's text. */
export const NOTICE_TX = /e{48}\d{16}/;

/** Posts event `n` of the endpoint's chat to the receiver at `base`: the status, or "refused" (a killed replica). */
export async function deliverEvent(base: string, e: Endpoint, n: number): Promise<number | "refused"> {
  const eventId = `msg_${e.chatId}_${n}`;
  const orderId = `00000000-0000-4000-8000-${String(e.chatId).padStart(6, "0")}${String(n).padStart(6, "0")}`;
  const body = filledEvent({ eventId, orderId, txId: txIdOf(e.chatId, n) });
  try {
    const res = await request(`${base}/hooks/${e.routeToken}`, { method: "POST", body, headers: signedHeaders(e.secret, eventId, body) });
    await res.body.text();
    return res.statusCode;
  } catch {
    return "refused";
  }
}
