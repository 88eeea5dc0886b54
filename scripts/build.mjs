// @ts-check
/**
 * `npm run build` (and `npm start`'s prestart) without pulling dist/ from under a running replica.
 *
 * A second replica started from the same checkout runs this while the first one runs from dist/.
 * So the build never deletes or rewrites the folder a process runs from:
 * - nothing changed since the last build (same sources, tsconfig and lockfile): nothing is done;
 * - otherwise esbuild transpiles src/ into a fresh folder dist-builds/<fingerprint>/ (one file for
 *   each source, no bundling; a few seconds, where tsc took half a minute: type-checking is
 *   `npm run typecheck`, part of `npm test`), and `dist` (a symlink) is
 *   switched to it with one rename, which is atomic. Node resolves the entry's symlink to its real
 *   path, so a running replica keeps loading its lazy imports from its own build folder, which is
 *   kept (the newest few are; older ones are pruned).
 * A `dist` that is still a plain folder (a checkout from before this script) is moved aside once.
 */
import { build } from "esbuild";
import process from "node:process";
import console from "node:console";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const builds = join(root, "dist-builds");
const dist = join(root, "dist");
const KEEP = 3;
const STAMP = ".build-id";

/** Every file under `dir`, sorted, as paths relative to the root. */
function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(relative(root, path));
  }
  return out.sort();
}

/** What the build's output depends on: the sources, the compiler settings and the installed packages. */
function fingerprint() {
  const hash = createHash("sha256");
  const inputs = [...filesUnder(join(root, "src")), "tsconfig.json", "tsconfig.build.json", "package-lock.json"];
  for (const file of inputs) {
    if (!existsSync(join(root, file))) continue;
    hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

function currentBuildId() {
  try {
    return readFileSync(join(dist, STAMP), "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Points `dist` at `target` in one rename (a plain-folder dist is moved aside first). */
function switchDist(target) {
  const stat = existsSync(dist) || isLink(dist) ? lstatSync(dist) : undefined;
  if (stat && !stat.isSymbolicLink()) renameSync(dist, join(builds, `legacy-${Date.now()}`));
  const next = join(root, `.dist-link-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(relative(root, target), next, "dir");
  renameSync(next, dist);
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Keeps the newest builds (the one dist points at among them); a replica still on an older one was started long ago. */
function prune(current) {
  const entries = readdirSync(builds)
    .filter((name) => !name.startsWith("."))
    .map((name) => ({ name, at: statSync(join(builds, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of entries.slice(KEEP)) if (name !== current) rmSync(join(builds, name), { recursive: true, force: true });
}

const id = fingerprint();
if (currentBuildId() === id) {
  console.error(`build: dist is up to date (${id}), nothing to do`);
  process.exit(0);
}
mkdirSync(builds, { recursive: true });
const target = join(builds, id);
const scratch = join(builds, `.next-${process.pid}`);
rmSync(scratch, { recursive: true, force: true });
await build({
  entryPoints: filesUnder(join(root, "src")).filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts")),
  absWorkingDir: root,
  outbase: "src",
  outdir: scratch,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
writeFileSync(join(scratch, STAMP), `${id}\n`);
// Another build of the same sources may have finished first: its folder is identical, keep it.
if (existsSync(target)) rmSync(scratch, { recursive: true, force: true });
else renameSync(scratch, target);
switchDist(target);
prune(id);
console.error(`build: dist → ${readlinkSync(dist)}`);
