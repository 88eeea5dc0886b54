/** Prints the figures as a table and keeps them: bench/results/latest.json and the README section. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { projectRoot } from "../src/paths.js";
import { cpus, loadavg } from "node:os";
import { productionNodeFlags } from "./lib/node-flags.js";

export interface Row {
  benchmark: string;
  figure: string;
  value: string;
  baseline: string;
  target: string;
  met: boolean | null;
}

const root = `${projectRoot}/`;
const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";

export function environment() {
  return {
    command: "npm run bench",
    node: process.version,
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    date: new Date().toISOString(),
    /** The machine's 5-minute load average when the figures were kept: other work on it skews them. */
    loadAverage: Number(loadavg()[1]!.toFixed(1)),
    /** How the bot's own processes were started (the node flags of `npm start`). */
    botFlags: productionNodeFlags().join(" "),
  };
}

export function renderTable(rows: Row[]): string {
  const header = "| Benchmark | Figure | Value | Baseline | Target | Met |\n|---|---|---|---|---|---|";
  const lines = rows.map((r) => `| ${r.benchmark} | ${r.figure} | ${r.value} | ${r.baseline} | ${r.target} | ${r.met === null ? "—" : r.met ? "yes" : "**no**"} |`);
  return [header, ...lines].join("\n");
}

export function keep(rows: Row[], figures: unknown): void {
  const env = environment();
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/latest.json`, `${JSON.stringify({ ...env, rows, figures }, null, 2)}\n`);
  const readmePath = `${root}README.md`;
  const readme = readFileSync(readmePath, "utf8");
  const section = `${START}\nMeasured with \`${env.command}\` on Node ${env.node}, ${env.cores} cores (${env.cpu}), ${env.date.slice(0, 10)}, 5-minute load average ${env.loadAverage} at the end; the bot runs with the node flags of \`npm start\` (\`${env.botFlags || "none"}\`), the baselines on plain node:\n\n${renderTable(rows)}\n${END}`;
  if (readme.includes(START) && readme.includes(END)) {
    writeFileSync(readmePath, readme.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section));
  }
}

export const fmt = {
  rate: (n: number) => `${Math.round(n).toLocaleString("en")}/s`,
  us: (n: number) => `${n.toFixed(1)} µs`,
  ms: (n: number) => `${Math.round(n).toLocaleString("en")} ms`,
  mb: (n: number) => `${n.toFixed(0)} MB`,
};
