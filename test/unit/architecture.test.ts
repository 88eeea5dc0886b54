/**
 * The layout's promises, checked on the source: watchers, notices, the HTTP side (the marketplace
 * receiver, the Telegram update inbox) and the metrics never reach into the chat layer (app.ts
 * wires the bot to the inbox), and nothing subclasses or patches grammY or its plugins.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/paths.js";

const src = join(projectRoot, "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const files = sources(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, "utf8") }));

describe("architecture", () => {
  it("watch/, notices/, the HTTP side (events/, inbox/) and metrics/ never import bot/", () => {
    const offenders = files
      .filter((f) => ["watch/", "notices/", "events/", "inbox/", "metrics/"].some((dir) => f.path.startsWith(dir)))
      .filter((f) => /from\s+"\.\.\/bot\//.test(f.text));
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it("no file subclasses or patches grammY or a grammY plugin", () => {
    const patterns = [/class\s+\w+(<[^>]*>)?\s+extends\s+(Bot|Composer|Context|Api|Menu|I18n|Fluent)\b/, /\b(Composer|Bot|Context|Api|Menu)\.prototype\b/, /\bmatchBundles\b/, /PLUGIN_DATA_VERSION/];
    const offenders = files.filter((f) => patterns.some((p) => p.test(f.text))).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("every feature lives in its own folder under bot/features", () => {
    const loose = files.filter((f) => /^bot\/features\/[^/]+\.ts$/.test(f.path) && f.path !== "bot/features/index.ts");
    expect(loose.map((f) => f.path)).toEqual([]);
  });
});
