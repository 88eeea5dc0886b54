/**
 * Shutting down while updates are being handled (a deploy, a replica scaled in). The HTTP server
 * stops taking requests (every webhook was answered when its update was recorded), then the inbox
 * waits for the updates in flight before the store closes. An update still running after the drain
 * time, and those waiting behind it, stay recorded: the next start handles them, in order, with no
 * error logged and no "something went wrong".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { createSealer } from "../../src/store/secrets.js";
import { logLines, startInboxBot } from "../support/inbox-bot.js";
import { waitUntil } from "../support/wait.js";

const USER = 7701;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const sealer = createSealer([randomBytes(32)]);
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A marketplace that holds every request until released, then answers 503 (the bot says it is unavailable). */
async function heldMarketplace(): Promise<{ url: string; received: () => number; release: () => void }> {
  let received = 0;
  const held: Array<() => void> = [];
  let released = false;
  const server: Server = createServer((_req, res) => {
    received++;
    const answer = () => res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "unavailable", message: "down" } }));
    if (released) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  cleanup.push(() => server.closeAllConnections());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}

async function startBot(tg: FakeBotApi, marketplaceUrl: string, dir?: string) {
  const folder = dir ?? mkdtempSync(join(tmpdir(), "shutdown-"));
  if (!dir) cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  const bot = await startInboxBot({ tg, location: { databasePath: join(folder, "bot.db") }, sealer, marketplaceUrl });
  cleanup.push(() => bot.stop(0));
  const errors = () => logLines(bot.logs, 50);
  return { bot, folder, errors };
}

const botReplies = (tg: FakeBotApi) => tg.messages(USER).filter((m) => m.from === "bot");

it("an update being handled when shutdown begins is finished before the store closes", async () => {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const marketplace = await heldMarketplace();
  const { bot, errors } = await startBot(tg, marketplace.url);

  await tg.sendText({ userId: USER, text: `/check ${ADDRESS}` });
  const [update] = tg.takeUpdates();
  // answered at once: the update is recorded, its handling waits on the marketplace
  expect(await bot.deliver(update!)).toBe(200);
  await waitUntil(() => marketplace.received() > 0);

  // a drain time longer than the test's own timeout: stop must return when the update is done
  const stopping = bot.stop(60_000);
  let stopped = false;
  void stopping.then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(stopped).toBe(false); // still waiting for the update

  marketplace.release();
  await stopping;
  expect(botReplies(tg).at(-1)?.text).toMatch(/unavailable|try again/i);
  expect(errors()).toEqual([]);
});

it("an update still running after the drain time, and the one waiting behind it, are handled after the restart, in order", async () => {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const marketplace = await heldMarketplace();
  const first = await startBot(tg, marketplace.url);

  // the chat's second update waits behind the first (one chat's updates run one at a time)
  await tg.sendText({ userId: USER, text: `/check ${ADDRESS}` });
  await tg.sendText({ userId: USER, text: "/help" });
  const [check, help] = tg.takeUpdates();
  expect(await first.bot.deliver(check!)).toBe(200);
  await waitUntil(() => marketplace.received() > 0);
  expect(await first.bot.deliver(help!)).toBe(200);

  await first.bot.stop(200);
  expect(first.bot.handled).toEqual([check!.update_id]);
  const before = botReplies(tg).length;

  // the next start (the marketplace answering now) handles both, the cut-off one again first
  marketplace.release();
  const second = await startBot(tg, marketplace.url, first.folder);
  await waitUntil(() => second.bot.handled.length === 2);
  expect(second.bot.handled).toEqual([check!.update_id, help!.update_id]);
  await waitUntil(() => botReplies(tg).slice(before).some((m) => /help|commands/i.test(m.text ?? "")));
  expect(botReplies(tg).map((m) => m.text).join("\n")).not.toMatch(/went wrong/);
  expect(first.errors()).toEqual([]);
  expect(second.errors()).toEqual([]);
});
