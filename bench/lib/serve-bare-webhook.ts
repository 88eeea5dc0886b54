/**
 * How the load's baselines run: the bot in webhook mode on plain node:http, its webhook set with
 * max_connections 40 (Telegram's default, as the real bot sets it), its URL printed for the benchmark (startChild reads
 * it), and closed on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookCallback, type Bot } from "grammy";

export async function serveBareWebhook(bot: Bot): Promise<void> {
  await bot.init();
  const handle = webhookCallback(bot, "http");
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  await bot.api.setWebhook(url, { max_connections: 40 });
  console.log(JSON.stringify({ url }));

  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
