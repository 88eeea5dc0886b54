/** startSandbox: the simulated marketplace over HTTP, with its control surface. */
import type { AddressInfo } from "node:net";
import { apiRoutes } from "./api-routes.js";
import { controlRoutes } from "./control-routes.js";
import { createControl, type SandboxControl } from "./control.js";
import { SandboxCore } from "./core.js";
import { createHttpServer } from "./server.js";

export type { SandboxControl } from "./control.js";
export { signStandardWebhook } from "./sign.js";

export interface SandboxOptions {
  /** Default 0 (random). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The provider fills/fails this long (simulated time) after placement; default 2000. */
  fillDelayMs?: number;
  /** Default [200, 1000, 5000, 30000]. */
  webhookRetryDelaysMs?: number[];
  /** Base clock (ms); the sandbox adds its own offset from advanceClock. */
  now?: () => number;
  /** Create a demo account with keys (used by the CLI and embedded mode). */
  seedDemo?: boolean;
  /** Answers every request this long after it arrived (a benchmark's network latency); default 0. */
  responseDelayMs?: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:40123; endpoints under /api/v1, control under /_sandbox. */
  url: string;
  control: SandboxControl;
  demo?: { accountId: string; keys: { read: string; purchase: string; full: string } };
  stop(): Promise<void>;
}

const DEMO_BALANCE_TRX = "1000";

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const core = new SandboxCore({
    fillDelayMs: options.fillDelayMs ?? 2_000,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [200, 1_000, 5_000, 30_000],
    now: options.now ?? Date.now,
  });
  const control = createControl(core);
  const server = createHttpServer([...apiRoutes(core), ...controlRoutes(core, control)], (value) => core.accounts.findKey(value), {
    responseDelayMs: options.responseDelayMs,
  });

  const host = options.host ?? "127.0.0.1";
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    core.stop();
    throw error;
  }
  const { port } = server.address() as AddressInfo;

  let demo: Sandbox["demo"];
  if (options.seedDemo) {
    const { accountId } = control.createAccount({ trx: DEMO_BALANCE_TRX, usdt: "25" });
    const key = (scope: "read" | "purchase" | "full") => control.createKey(accountId, { scope }).key;
    demo = { accountId, keys: { read: key("read"), purchase: key("purchase"), full: key("full") } };
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    control,
    demo,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        core.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
