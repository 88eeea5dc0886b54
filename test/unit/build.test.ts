/**
 * `npm run build` (scripts/build.mjs) in a scratch project: a process running from dist/ keeps
 * running (and keeps loading its own code lazily) while another build replaces dist/, and a build
 * of unchanged sources does nothing.
 */
import { spawn, execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { afterEach, expect, it } from "vitest";
import { projectRoot } from "../../src/paths.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), "build-"));
  mkdirSync(join(root, "scripts"));
  mkdirSync(join(root, "src"));
  copyFileSync(join(projectRoot, "scripts/build.mjs"), join(root, "scripts/build.mjs"));
  symlinkSync(join(projectRoot, "node_modules"), join(root, "node_modules"), "dir");
  writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(join(root, "package-lock.json"), "{}");
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "es2022", lib: ["es2022"], module: "nodenext", strict: true, noEmit: true, types: [], skipLibCheck: true } }));
  writeFileSync(join(root, "tsconfig.build.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { rootDir: "src", outDir: "dist", noEmit: false }, include: ["src"] }));
  // a replica that loads part of its code only later (as main.ts loads the sandbox)
  writeFileSync(
    join(root, "src/main.ts"),
    // no @types/node: the scratch build stays quick
    `declare const process: { stdin: { once(e: string, f: () => void): void }; exit(code: number): never };\n` +
      `declare const console: { log(v: unknown): void };\n` +
      `process.stdin.once("data", async () => { const late = await import("./late.js"); console.log(late.version); process.exit(0); });\nconsole.log("ready");\n`,
  );
  return root;
}

function build(root: string, version: string): string {
  writeFileSync(join(root, "src/late.ts"), `export const version = ${JSON.stringify(version)};\n`);
  return execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) + "";
}

function runLine(root: string): { ask: () => Promise<string>; ready: Promise<void> } {
  const child = spawn(process.execPath, ["dist/main.js"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const ready = (async () => {
    while (!out.includes("ready")) await once(child.stdout, "data");
  })();
  return {
    ready,
    ask: async () => {
      child.stdin.write("go\n");
      await once(child, "exit");
      return out.replace("ready", "").trim();
    },
  };
}

it("a running replica keeps its own build while a new one replaces dist; unchanged sources are not rebuilt", { timeout: 30_000 }, async () => {
  dir = scratchProject();
  build(dir, "v1");
  const first = readlinkSync(join(dir, "dist"));
  const running = runLine(dir);
  await running.ready;

  build(dir, "v2");
  const second = readlinkSync(join(dir, "dist"));
  expect(second).not.toBe(first);
  expect(existsSync(join(dir, first, "late.js"))).toBe(true);
  // the first replica's lazy import still finds its own version
  expect(await running.ask()).toBe("v1");
  const fresh = runLine(dir);
  await fresh.ready;
  expect(await fresh.ask()).toBe("v2");

  // nothing changed: no compile, dist untouched
  build(dir, "v2");
  expect(readlinkSync(join(dir, "dist"))).toBe(second);
});
