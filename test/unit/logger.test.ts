import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, errorFields } from "../../src/logger.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { logUnexpected } from "../../src/bot/errors/reply.js";
import type { BotContext } from "../../src/bot/context.js";

const BOT_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawXYZ";
const API_KEY = "mk_live_4f9a1c7e2b8d";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** A written log line, as far as these tests read it. */
function logged(line: string): { err?: { message?: string } } {
  return JSON.parse(line) as { err?: { message?: string } };
}

function capture(extra: { instance?: string } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { lines, logger: createLogger({ level: "trace", secrets: [BOT_TOKEN, API_KEY], destination, ...extra }) };
}

describe("logger", () => {
  it("names the replica in every line when given an instance id", () => {
    const { lines, logger } = capture({ instance: "bot-2" });
    logger.info("one");
    logger.child({ job: "orders" }).warn("two");
    expect(lines.map((l) => (JSON.parse(l) as { instance?: string; pid?: number }).instance)).toEqual(["bot-2", "bot-2"]);
    expect((JSON.parse(lines[0]!) as { pid?: number }).pid).toBe(process.pid);
  });
  it("never writes a secret, whatever the shape", () => {
    const { lines, logger } = capture();
    logger.info({ apiKey: API_KEY, token: BOT_TOKEN, secret: WEBHOOK_SECRET }, "fields");
    logger.info({ headers: { "x-api-key": API_KEY } }, "headers");
    logger.info({ req: { headers: { "X-Api-Key": API_KEY } } }, "nested headers");
    logger.warn(`message mentioning ${API_KEY} and https://api.telegram.org/bot${BOT_TOKEN}/getMe`);
    logger.error({ err: errorFields(new Error(`failed with secret ${WEBHOOK_SECRET}`)) }, "error");
    logger.info({ note: "raw header x-api-key: somethingelse123" }, "header text");
    const out = lines.join("");
    expect(lines).toHaveLength(6);
    for (const secret of [BOT_TOKEN, API_KEY, WEBHOOK_SECRET, "somethingelse123"]) expect(out).not.toContain(secret);
    expect(out).toContain("[REDACTED]");
  });
  it("logs an error's message whether given raw or through errorFields", () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error("raw failure") }, "raw");
    logger.error({ err: errorFields(new Error("reduced failure")) }, "reduced");
    expect(logged(lines[0]!).err?.message).toBe("raw failure");
    expect(logged(lines[1]!).err?.message).toBe("reduced failure");
  });

  it("reduces a raw error only for a line it writes: a debug line below the level never formats the stack", () => {
    const { lines, logger } = capture();
    logger.level = "info";
    let stackReads = 0;
    const err = new Error("quiet failure", { cause: Object.assign(new Error("inner"), { payload: { key: API_KEY } }) });
    const stack = err.stack;
    Object.defineProperty(err, "stack", { get: () => (stackReads++, stack) });
    logger.debug({ err }, "not written");
    expect(stackReads).toBe(0);
    logger.info({ err }, "written");
    expect(stackReads).toBeGreaterThan(0);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ err: { name: "Error", message: "quiet failure", cause: { message: "inner" } } });
    expect(lines[0]).not.toContain(API_KEY);
  });

  it("keeps useful error fields and drops attached objects", () => {
    const err = Object.assign(new Error("boom"), { status: 402, code: "wallet.insufficient_balance", payload: { key: API_KEY } });
    const fields = errorFields(err);
    expect(fields).toMatchObject({ name: "Error", message: "boom", status: 402, code: "wallet.insufficient_balance" });
    expect(JSON.stringify(fields)).not.toContain(API_KEY);
  });

  it("an unusable marketplace answer is a warning without a stack; the bot's own fault an error with one", () => {
    const { lines, logger } = capture();
    const ctx = { deps: { logger }, update: { update_id: 7 } } as unknown as BotContext;
    logUnexpected(ctx, new MarketplaceError("invalid_response", "balance: trx is not a string"), "balance failed");
    logUnexpected(ctx, new TypeError("cannot read properties of undefined"), "balance failed");
    const [outside, own] = lines.map((l) => JSON.parse(l) as { level: number; err: { stack?: string; kind?: string } });
    expect(outside).toMatchObject({ level: 40, err: { kind: "invalid_response" } });
    expect(outside!.err.stack).toBeUndefined();
    expect(own!.level).toBe(50);
    expect(own!.err.stack).toContain("TypeError");
  });
});
