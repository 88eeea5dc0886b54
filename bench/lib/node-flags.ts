import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../src/paths.js";

/**
 * The node flags `npm start` runs the bot with (package.json scripts.start), so the benchmarks
 * measure the bot as it is deployed: `node --flag … dist/main.js` → ["--flag", …].
 */
export function productionNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf("node") + 1).filter((w) => w.startsWith("--"));
}
