import { startChild } from "./lib/child.js";
import { runLoad } from "./lib/load.js";
import { startCommandUpdate } from "./lib/updates.js";
const server = await startChild<{ url: string; path: string; secret: string }>("bench/servers/bot-webhook.ts");
const mk = () => ({ body: startCommandUpdate(10000), headers: { "x-telegram-bot-api-secret-token": server.info.secret } });
await runLoad({ url: server.info.url, path: server.info.path, durationSeconds: 2, connections: 50, makeRequest: mk });
const r = await runLoad({ url: server.info.url, path: server.info.path, durationSeconds: 5, connections: 50, makeRequest: mk });
console.log(r.perSecond);
await server.stop();
