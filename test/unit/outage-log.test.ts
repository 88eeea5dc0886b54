/**
 * A database outage logs one error when it begins, a count while it lasts, and one line when it
 * ends: the helper on its own (with its clock), then the marketplace receiver over real HTTP while
 * its store throws for a run of deliveries.
 */
import { Writable } from "node:stream";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { request } from "undici";
import { createLogger } from "../../src/logger.js";
import { createOutageLog } from "../../src/store/outage-log.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createNotifier } from "../../src/notices/notifier.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { receiverPath } from "../../src/events/receiver.js";
import { receiverRoute } from "../../src/http/event-receiver.js";
import { OUTBOX_ROOM } from "../../src/events/backlog.js";
import { createHttpApp, startHttpServer, type HttpServer } from "../../src/http/server.js";
import { signStandard } from "../../src/events/signatures.js";
import { filledEvent } from "../support/marketplace-events.js";

interface Line {
  level: number;
  msg: string;
  refused?: number;
}

function capture() {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      cb();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

const ERROR = 50;
const WARN = 40;
const INFO = 30;

describe("outage log", () => {
  it("logs the first failure, then a count at most every interval, then one line when the database answers again", () => {
    const { lines, logger } = capture();
    let clock = 0;
    const outage = createOutageLog(logger, "test path", { reportEveryMs: 10_000, now: () => clock });
    outage.succeeded();
    expect(lines).toEqual([]);
    for (let i = 0; i < 100; i++) {
      outage.failed(new Error("connection refused"));
      clock += 250; // 100 failures over 25 s
    }
    outage.succeeded();
    outage.succeeded();
    expect(lines.map((l) => [l.level, l.refused])).toEqual([
      [ERROR, undefined],
      [WARN, 41], // 10 s in
      [WARN, 81], // 20 s in
      [INFO, 100],
    ]);
    expect(lines[0]!.msg).toContain("test path");
    expect(lines[1]!.msg).toContain("still unreachable, 41 requests refused");

    // a second outage is reported afresh
    outage.failed(new Error("again"));
    expect(lines.at(-1)!.level).toBe(ERROR);
  });
});

describe("receiver during a database outage", () => {
  let server: HttpServer | undefined;
  let store: Store | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses each delivery with a 5xx but logs one error for the outage and one line when it ends", async () => {
    dir = mkdtempSync(join(tmpdir(), "outage-"));
    const real = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
    store = real;
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    await real.users.touch(1, 1);
    const endpoint = await real.webhooks.ensureForUser(1, null);
    await real.webhooks.setEndpointId(endpoint.id, randomUUID());
    await real.webhooks.setSecret(endpoint, secret);

    // the store as the receiver sees it while the database is down: every read fails
    let down = false;
    const broken = {
      ...real,
      webhooks: {
        ...real.webhooks,
        routeFor: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
      },
    } as Store;
    const { lines, logger } = capture();
    const route = receiverRoute({
      get store() {
        return down ? broken : real;
      },
      notifier: createNotifier({ store: real, translator: createNoticeTranslator("en"), defaultLocale: "en", now: Date.now }),
      room: OUTBOX_ROOM,
      signature: { scheme: "standard", header: "X-Webhook-Signature", toleranceSeconds: 300, maxBodyBytes: 65_536 },
      logger,
      now: Date.now,
    });
    server = await startHttpServer(createHttpApp({ ready: () => true }), "127.0.0.1", 0, [route]);

    let sequence = 0;
    const deliver = async () => {
      const id = `msg_outage_${++sequence}`;
      const body = filledEvent({ eventId: id, orderId: randomUUID(), txId: "ab".repeat(32) });
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await request(`${server!.url}${receiverPath(endpoint.routeToken)}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signStandard(secret, id, timestamp, body) },
      });
      await res.body.text();
      return res.statusCode;
    };

    expect(await deliver()).toBe(200);
    down = true;
    const during: number[] = [];
    for (let i = 0; i < 25; i++) during.push(await deliver());
    expect(during.every((status) => status === 500)).toBe(true);
    down = false;
    expect(await deliver()).toBe(200);
    expect(await deliver()).toBe(200);

    expect(lines.filter((l) => l.level >= ERROR)).toHaveLength(1);
    const back = lines.filter((l) => l.level === INFO && l.msg.includes("answers again"));
    expect(back).toHaveLength(1);
    expect(back[0]!.refused).toBe(25);
  });
});
