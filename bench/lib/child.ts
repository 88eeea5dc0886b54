/** Runs a benchmark server in its own process so the load generator never shares its event loop. */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { projectRoot } from "../../src/paths.js";
import { productionNodeFlags } from "./node-flags.js";

export interface ChildServer<T> {
  info: T;
  child: ChildProcess;
  /** Sends a line to the child (a command) and waits for its one-line JSON answer. */
  ask<R>(command: string): Promise<R>;
  stop(): Promise<void>;
}


/**
 * Starts `bench/servers/<name>`: compiled JavaScript next to this file when the bench was built
 * (`npm run bench` compiles first, so bot and baselines run as production does), TypeScript via tsx
 * otherwise. The project's own servers get the node flags `npm start` uses; the baselines
 * (`bare-*`) run on plain node. BENCH_CHILD_FLAGS adds node flags (e.g. --cpu-prof) for profiling.
 */
export async function startChild<T>(name: string, env: Record<string, string> = {}): Promise<ChildServer<T>> {
  const production = !name.startsWith("bare-");
  const compiled = import.meta.url.endsWith(".js");
  const script = fileURLToPath(new URL(`../servers/${name}.${compiled ? "js" : "ts"}`, import.meta.url));
  const flags = [...(production ? productionNodeFlags() : []), ...(process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(" ") : [])];
  const child = spawn(process.execPath, [...flags, ...(compiled ? [] : ["--import", "tsx"]), script], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const queue: Array<(line: string) => void> = [];
  lines.on("line", (line) => {
    if (!line.startsWith("{")) return;
    queue.shift()?.(line);
  });
  const next = <R>() => new Promise<R>((resolve) => queue.push((line) => resolve(JSON.parse(line) as R)));
  const info = await Promise.race([
    next<T>(),
    new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)))),
  ]);
  return {
    info,
    child,
    ask: <R>(command: string) => {
      const answer = next<R>();
      child.stdin.write(`${command}\n`);
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** In a child: answer commands from the parent on stdin with one JSON line each. */
export function serveCommands(handlers: Record<string, () => unknown>): void {
  const answer = async (line: string) => {
    const handler = handlers[line.trim()];
    const result = handler ? await handler() : { error: `unknown command ${line}` };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  };
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    // A failing handler ends the child, as an unhandled rejection would.
    answer(line).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
}

/** In a bench server: on SIGTERM, runs `shutdown` and exits 0 (1, with the error, if it fails). */
export function exitOnSigterm(shutdown: () => Promise<void>): void {
  process.on("SIGTERM", () => {
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
