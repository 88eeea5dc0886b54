import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/paths.js";
import { productionNodeFlags } from "../../bench/lib/node-flags.js";

describe("node flags of the deployed bot", () => {
  it("are the same for `npm start` and the Docker image, and the benchmarks read them from package.json", () => {
    const flags = productionNodeFlags();
    expect(flags).toContain("--heap-growing-percent=100");
    const dockerfile = readFileSync(join(projectRoot, "Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(["node", ...flags, "dist/main.js"]);
  });
});
