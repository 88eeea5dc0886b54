/**
 * The real bot as `npm start` runs it (dist/main.js with the node flags of scripts.start; via tsx
 * when not built), in its own process, with the environment given. Counts the error-level lines of
 * its log and reads its CPU time from /proc, so the load generator's own work is not included.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { projectRoot } from "../../src/paths.js";
import { productionNodeFlags } from "./node-flags.js";

export interface BotProcess {
  child: ChildProcess;
  /** Log lines at level error or fatal so far, and the first few of them. */
  errors(): { count: number; samples: string[] };
  /** CPU time (user + system, all threads) used so far, in ms. */
  cpuMs(): number;
  /** The largest update inbox backlog it logged (a warning: its oldest update waited 2 s or more). */
  backlog(): { waiting: number; oldestWaitMs: number };
  stop(): Promise<number | null>;
}

/** `build`: a folder of the project holding another build (`dist-builds/<id>`, of the last three `npm run build` kept) to run instead of dist/. */
export function startBotProcess(env: Record<string, string>, build?: string): BotProcess {
  const built = existsSync(join(projectRoot, "dist", "main.js"));
  const entry = build ? [join(projectRoot, build, "main.js")] : built ? [join(projectRoot, "dist", "main.js")] : ["--import", "tsx", join(projectRoot, "src", "main.ts")];
  // BENCH_CHILD_FLAGS adds node flags (e.g. --cpu-prof) for profiling, as for the other bench servers
  const extra = process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(" ") : [];
  const child = spawn(process.execPath, [...productionNodeFlags(), ...extra, ...entry], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let count = 0;
  const samples: string[] = [];
  const backlog = { waiting: 0, oldestWaitMs: 0 };
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.includes('"msg":"inbox backlog"')) {
      const { waiting, oldestWaitMs } = JSON.parse(line) as { waiting: number; oldestWaitMs: number };
      backlog.waiting = Math.max(backlog.waiting, waiting);
      backlog.oldestWaitMs = Math.max(backlog.oldestWaitMs, oldestWaitMs);
    }
    const level = /"level":(\d+)/.exec(line)?.[1];
    if (level === undefined || Number(level) < 50) return;
    count++;
    if (samples.length < 5) samples.push(line.slice(0, 400));
  });
  return {
    child,
    errors: () => ({ count, samples }),
    backlog: () => ({ ...backlog }),
    cpuMs: () => cpuMsOf(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}

/** CPU time (user + system, all threads) a process has used so far, in ms, read from /proc. */
export function cpuMsOf(pid: number): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  // /proc/<pid>/stat: the fields after the command name; utime and stime are the 14th and 15th
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
