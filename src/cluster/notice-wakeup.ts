/**
 * Waking the leader's sender when a notice is written on any replica (PostgreSQL LISTEN/NOTIFY).
 *
 * A notice written on a follower (its receiver took a signed event) would otherwise wait for the
 * leader's next idle poll. The writer publishes a NOTIFY on the `bot_notices` channel after the
 * notice is committed; the leader LISTENs on its lock's connection and wakes its sender. NOTIFY
 * carries no data: the outbox is the truth, the message only says "look now". Notices written while
 * a publish is in flight are covered by one more publish after it (never more than one queued), so
 * a burst costs two round trips, not one per notice. A publish that fails is only logged: the
 * leader still finds the notice on its next poll.
 */
import type { Client } from "pg";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

export const NOTICES_CHANNEL = "bot_notices";

/** LISTENs on `client` (the leader's own connection) and calls `onNotice` per notification; the returned function stops listening. */
export async function listenForNotices(client: Client, onNotice: () => void): Promise<() => Promise<void>> {
  const handler = (message: { channel: string }) => {
    if (message.channel === NOTICES_CHANNEL) onNotice();
  };
  client.on("notification", handler);
  await client.query(`LISTEN ${NOTICES_CHANNEL}`);
  return async () => {
    client.off("notification", handler);
    await client.query(`UNLISTEN ${NOTICES_CHANNEL}`).catch(() => undefined);
  };
}

export interface NoticePublisher {
  /** A notice was committed: tell the leader (coalesced; never throws). */
  publish(): void;
  close(): Promise<void>;
}

/** Publishes on a dedicated connection of its own (opened on first use, opened again after a failure). */
export function createNoticePublisher(connect: () => Promise<Client>, logger: Logger): NoticePublisher {
  let client: Promise<Client> | undefined;
  let inFlight: Promise<void> | undefined;
  let again = false;
  let closed = false;

  function connection(): Promise<Client> {
    client ??= connect().then((c) => {
      // a dropped connection is replaced on the next publish
      c.on("error", (err) => {
        logger.warn({ err: errorFields(err) }, "notice wake-up connection lost");
        client = undefined;
      });
      return c;
    });
    return client;
  }

  function dropConnection(): void {
    const old = client;
    client = undefined;
    void old?.then((c) => c.end()).catch(() => undefined);
  }

  async function send(): Promise<void> {
    do {
      again = false;
      try {
        const c = await connection();
        await c.query("SELECT pg_notify($1, '')", [NOTICES_CHANNEL]);
      } catch (err) {
        dropConnection();
        logger.warn({ err: errorFields(err) }, "could not wake the leader's sender: it finds the notice on its next poll");
      }
    } while (again && !closed);
  }

  return {
    publish() {
      if (closed) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = send().finally(() => (inFlight = undefined));
    },
    async close() {
      closed = true;
      await inFlight;
      const c = await client?.catch(() => undefined);
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
