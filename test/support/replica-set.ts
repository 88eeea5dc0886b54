/**
 * Several bot replicas as `npm start` runs them (`node dist/main.js`), each in its own process on
 * loopback, behind one round-robin proxy (the load balancer). Their JSON log lines are kept, per
 * replica and all together, so tests can read who was elected and what ran where.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../src/paths.js";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy.js";
import { waitUntil } from "./wait.js";

export interface Replica {
  name: string;
  child: ChildProcess;
  /** Its own HTTP server (the proxy's backends). */
  url: string;
  log: string[];
}

export interface ReplicaSet {
  proxy: RoundRobinProxy;
  replicas: Map<string, Replica>;
  /** Every log line of every replica, in arrival order. */
  logs: string[];
  /** Starts replica `name` (its environment from `env(name)`) and adds it behind the proxy once it listens. */
  start(name: string): Promise<Replica>;
  /** SIGKILL: no shutdown, no goodbye; the proxy stops sending to it. */
  kill(name: string): Promise<void>;
  /** The replica elected last (a killed leader writes nothing more). */
  leaderName(): string | undefined;
  stop(): Promise<void>;
}

export interface ReplicaEnvInput {
  token: string;
  /** The fake Bot API's root. */
  apiRoot: string;
  databaseUrl: string;
  /** Base64, shared by every replica (SECRETS_KEY). */
  secretsKey: string;
  marketplaceUrl: string;
  /** Anything else (tuning, log level). */
  extra?: Record<string, string>;
}

/**
 * The environment of one replica: webhook mode on loopback (any free port), PUBLIC_URL the proxy,
 * PostgreSQL, INSTANCE_ID its name, nothing inherited from the caller but PATH and HOME.
 */
export function replicaEnv(input: ReplicaEnvInput): (name: string, proxyUrl: string) => NodeJS.ProcessEnv {
  return (name, proxyUrl) => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    BOT_TOKEN: input.token,
    TELEGRAM_API_ROOT: input.apiRoot,
    BOT_MODE: "webhook",
    PUBLIC_URL: proxyUrl,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: "0",
    DATABASE_URL: input.databaseUrl,
    SECRETS_KEY: input.secretsKey,
    MARKETPLACE_URL: input.marketplaceUrl,
    INSTANCE_ID: name,
    ...input.extra,
  });
}

/** Builds dist/ if the sources changed (what `npm start`'s prestart does). */
export function buildOnce(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: projectRoot, stdio: "ignore" });
}

export async function startReplicaSet(env: (name: string, proxyUrl: string) => NodeJS.ProcessEnv): Promise<ReplicaSet> {
  const proxy = await startRoundRobinProxy();
  const replicas = new Map<string, Replica>();
  const logs: string[] = [];
  const route = () => proxy.setBackends([...replicas.values()].filter((r) => r.url).map((r) => r.url));

  return {
    proxy,
    replicas,
    logs,
    async start(name) {
      const child = spawn(process.execPath, ["dist/main.js"], { cwd: projectRoot, env: env(name, proxy.url), stdio: ["ignore", "pipe", "pipe"] });
      const replica: Replica = { name, child, url: "", log: [] };
      let partial = "";
      const onData = (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        replica.log.push(...lines);
        logs.push(...lines);
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      replicas.set(name, replica);
      replica.url = await waitUntil(
        () => {
          if (child.exitCode !== null) throw new Error(`replica ${name} exited: ${replica.log.slice(-5).join("\n")}`);
          const line = replica.log.find((l) => l.includes("HTTP server listening"));
          return line ? (JSON.parse(line) as { url: string }).url : undefined;
        },
        { timeoutMs: 30_000, message: `replica ${name} did not start` },
      );
      route();
      return replica;
    },
    async kill(name) {
      const replica = replicas.get(name);
      if (!replica) return;
      replicas.delete(name);
      route();
      if (replica.child.exitCode === null) {
        const exited = new Promise((resolve) => replica.child.once("exit", resolve));
        replica.child.kill("SIGKILL");
        await exited;
      }
    },
    leaderName() {
      const elected = logs.filter((l) => l.includes("elected leader")).map((l) => (JSON.parse(l) as { instance: string }).instance);
      return elected.at(-1);
    },
    async stop() {
      await Promise.all(
        [...replicas.values()].map(
          (r) =>
            new Promise<void>((resolve) => {
              if (r.child.exitCode !== null) return resolve();
              r.child.once("exit", () => resolve());
              r.child.kill("SIGTERM");
            }),
        ),
      );
      replicas.clear();
      await proxy.stop();
    },
  };
}
