/**
 * The real entry point (what `npm start` runs) as a child process: its stdout and stderr together,
 * its exit. The environment is only what the test gives (and PATH, HOME), never the developer's .env
 * values for what the test sets.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../src/paths.js";

export interface MainProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output: () => string;
}

/** What a test's bot process needs: the fake Bot API, a database file, any free port, debug logs. */
export function mainEnv(base: { token: string; apiRoot: string; secretsKey: string; databasePath: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    BOT_TOKEN: base.token,
    TELEGRAM_API_ROOT: base.apiRoot,
    SECRETS_KEY: base.secretsKey,
    DATABASE_PATH: base.databasePath,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: "0",
    LOG_LEVEL: "debug",
    NODE_ENV: "test",
    ...extra,
  };
}

export function startMain(env: Record<string, string | undefined>): MainProcess {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out };
}

/** The exit code once the process has ended (null: ended by a signal). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** SIGTERM (a clean stop), then its exit code. */
export async function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = exitOf(child);
  child.kill("SIGTERM");
  return exited;
}
