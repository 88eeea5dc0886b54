/**
 * The layout's promises, checked on the source: src/ in layers, none importing a higher one (the
 * HTTP side on top, then the chat and the events it hands requests to, the services, the domain,
 * the store and the marketplace client, the values); watchers, notices, the events, the inbox and
 * the metrics never reach into the chat layer (app.ts wires the bot to the inbox), nothing subclasses or patches grammY or its plugins, a feature never
 * imports another (they meet in bot/flow, bot/ui, the domain and the store; features/index.ts alone
 * lists them all), and no module of src/ reaches itself again through its imports.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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

interface Import {
  /** The imported file, relative to src/ (`bot/flow/enter.ts`). */
  target: string;
  /** `import type` / `export type`: erased from the JavaScript, no edge at run time. */
  typeOnly: boolean;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

/** A file's relative imports (static, re-exports and dynamic), resolved to files of src/. */
function importsOf(file: { path: string; text: string }): Import[] {
  return [...file.text.matchAll(IMPORT)].map((m) => {
    const spec = m[2] ?? m[3]!;
    const target = relative(src, resolve(src, dirname(file.path), spec)).replace(/\.js$/, ".ts");
    return { target, typeOnly: Boolean(m[1]) };
  });
}

const featureOf = (path: string) => /^bot\/features\/([^/]+)\//.exec(path)?.[1];

/**
 * The layers of src/, top first: a module imports its own layer or a lower one, never a higher one
 * (type-only imports included: they are still a dependency). Every folder and loose file of src/
 * is in exactly one layer.
 */
const LAYERS: ReadonlyArray<{ name: string; parts: readonly string[] }> = [
  { name: "start and development", parts: ["main.ts", "app.ts", "dev"] },
  { name: "HTTP", parts: ["http"] },
  { name: "chat and events", parts: ["bot", "events", "inbox"] },
  { name: "services", parts: ["notices", "watch", "schedules", "cluster"] },
  { name: "domain", parts: ["orders", "rules", "credentials", "statements", "charts", "telegram", "i18n"] },
  { name: "the outside", parts: ["store", "marketplace", "metrics"] },
  { name: "values", parts: ["tron", "format", "config.ts", "logger.ts", "paths.ts"] },
];

/** The part of src/ a file belongs to: its top folder, or the file itself at the top. */
const partOf = (path: string) => path.split("/")[0]!;
const layerOf = (path: string) => LAYERS.findIndex((l) => l.parts.includes(partOf(path)));

/** Imports that reach a higher layer than the importing file's. */
function upwardImports(of: ReadonlyArray<{ path: string; text: string }>): string[] {
  return of.flatMap((f) =>
    importsOf(f)
      .filter((i) => layerOf(i.target) !== -1 && layerOf(i.target) < layerOf(f.path))
      .map((i) => `${f.path} (${LAYERS[layerOf(f.path)]!.name}) → ${i.target} (${LAYERS[layerOf(i.target)]!.name})`),
  );
}

describe("architecture", () => {
  it("watch/, notices/, events/, inbox/ and metrics/ never import bot/", () => {
    const offenders = files
      .filter((f) => ["watch/", "notices/", "events/", "inbox/", "metrics/"].some((dir) => f.path.startsWith(dir)))
      .filter((f) => /from\s+"\.\.\/bot\//.test(f.text));
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it("the domain (orders/, rules/, credentials/, tron/, format/) never imports bot/: handlers turn its outcomes into views", () => {
    const domain = ["orders/", "rules/", "credentials/", "tron/", "format/"];
    const offenders = files
      .filter((f) => domain.some((dir) => f.path.startsWith(dir)))
      .flatMap((f) => importsOf(f).filter((i) => i.target.startsWith("bot/")).map((i) => `${f.path} → ${i.target}`));
    expect(offenders).toEqual([]);
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

  it("the import reader sees the imports (so the rules below can fail)", () => {
    const index = files.find((f) => f.path === "bot/features/index.ts")!;
    expect(importsOf(index).map((i) => i.target)).toContain("bot/features/buy/index.ts");
    expect(importsOf({ path: "a/b.ts", text: 'import type { X } from "../c/d.js";\nexport { y } from "./e.js";\nconst z = await import("./f.js");' })).toEqual([
      { target: "c/d.ts", typeOnly: true },
      { target: "a/e.ts", typeOnly: false },
      { target: "a/f.ts", typeOnly: false },
    ]);
  });

  it("no feature imports another (only features/index.ts lists them all)", () => {
    const offenders = files.flatMap((f) => {
      const own = featureOf(f.path);
      if (!own) return [];
      return importsOf(f)
        .filter((i) => {
          const other = featureOf(i.target);
          return other !== undefined && other !== own;
        })
        .map((i) => `${f.path} → ${i.target}`);
    });
    expect(offenders).toEqual([]);
  });

  it("every part of src/ is in one layer", () => {
    const parts = [...new Set(files.map((f) => partOf(f.path)))];
    expect(parts.filter((p) => LAYERS.filter((l) => l.parts.includes(p)).length !== 1)).toEqual([]);
  });

  it("no import from a lower layer to a higher one (http → bot, events, inbox → notices, watch → domain → store, marketplace → tron, format)", () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it("the layer rule fails on a planted violation", () => {
    const planted = [
      { path: "orders/planted.ts", text: 'import type { BotContext } from "../bot/context.js";' },
      { path: "events/planted.ts", text: 'import { startHttpServer } from "../http/server.js";' },
      { path: "notices/fine.ts", text: 'import type { EventOrder } from "../orders/event-order.js";' },
    ];
    expect(upwardImports(planted)).toEqual([
      "orders/planted.ts (domain) → bot/context.ts (chat and events)",
      "events/planted.ts (chat and events) → http/server.ts (HTTP)",
    ]);
  });

  it("no import circle in src/ (type-only imports aside: they are erased)", () => {
    const known = new Set(files.map((f) => f.path));
    const graph = new Map(files.map((f) => [f.path, importsOf(f).filter((i) => !i.typeOnly && known.has(i.target)).map((i) => i.target)]));
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const walk = (file: string): void => {
      state.set(file, "open");
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === "open") circles.push([...path.slice(path.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) walk(next);
      }
      path.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) walk(file);
    expect(circles).toEqual([]);
  });
});
