import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this file with a package.json (src/, dist/ or a bench build). */
function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const localesDir = join(projectRoot, "locales");
export const migrationsDir = join(projectRoot, "drizzle");
