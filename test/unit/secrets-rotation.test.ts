/**
 * Master-key rotation: one pass at start-up (and `npm run secrets:rotate`) leaves no secret sealed
 * with a previous key; a secret sealed with a key the bot does not have is counted and reported,
 * never "something went wrong".
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createStore } from "../../src/store/index.js";
import { createSealer, keyId } from "../../src/store/secrets.js";
import { rotateSecretsAtStartUp } from "../../src/store/rotation.js";
import { createLogger } from "../../src/logger.js";
import { projectRoot } from "../../src/paths.js";

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const STRANGER = randomBytes(32);

/** A database with two API keys and a webhook secret sealed with OLD, and one API key sealed with STRANGER. */
function databaseSealedWithOldKeys(): string {
  const path = join(mkdtempSync(join(tmpdir(), "rotation-")), "bot.db");
  const old = createStore(path, createSealer([OLD]));
  for (const user of [1, 2, 3]) old.users.ensure(user, user);
  old.apiKeys.add(1, { apiKey: "mk_test_aaaaaaaaaaaa1111", label: "main" });
  old.apiKeys.add(2, { apiKey: "mk_test_bbbbbbbbbbbb2222", label: "main" });
  const row = old.webhooks.ensureForUser(1, null);
  old.webhooks.setSecret(row, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  old.close();
  const stranger = createStore(path, createSealer([STRANGER]));
  stranger.apiKeys.add(3, { apiKey: "mk_test_cccccccccccc3333", label: "main" });
  stranger.close();
  return path;
}

const sealedWith = (store: ReturnType<typeof createStore>) =>
  (store.db.$client.prepare("SELECT sealed_key AS s FROM api_keys UNION ALL SELECT sealed_secret FROM webhook_endpoints WHERE sealed_secret IS NOT NULL").all() as Array<{ s: string }>).map(
    (r) => r.s.split(".")[1],
  );

describe("master-key rotation", () => {
  it("at start-up with SECRETS_KEY_PREVIOUS: every value sealed with the old key is sealed with the new one, in one pass, and logged", () => {
    const path = databaseSealedWithOldKeys();
    const store = createStore(path, createSealer([NEW, OLD]));
    const lines: string[] = [];
    const logger = createLogger({ level: "info", destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }) });
    const report = rotateSecretsAtStartUp(store, logger, 1);
    expect(report.resealed).toBe(3);
    expect(report.unreadable).toBe(1);
    expect(sealedWith(store).filter((id) => id === keyId(OLD))).toEqual([]);
    expect(lines.some((l) => l.includes("re-sealed 3 secrets with the current master key"))).toBe(true);
    expect(lines.filter((l) => l.includes('"level":50'))).toHaveLength(1);
    store.close();

    // the old key can go: everything opens with the new key alone
    const after = createStore(path, createSealer([NEW]));
    expect(after.apiKeys.reveal(after.apiKeys.getDefault(1)!)).toBe("mk_test_aaaaaaaaaaaa1111");
    expect(after.webhooks.revealSecret(after.webhooks.forUser(1)!)).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    expect(rotateSecretsAtStartUp(after, logger, 0).resealed).toBe(0);
    after.close();
  });

  it("npm run secrets:rotate does the same and says the previous key can be dropped", () => {
    const path = databaseSealedWithOldKeys();
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/store/rotate-cli.ts"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATABASE_PATH: path, SECRETS_KEY: NEW.toString("base64"), SECRETS_KEY_PREVIOUS: OLD.toString("base64") },
      encoding: "utf8",
    });
    expect(out).toContain("Re-sealed 3 secrets with the current SECRETS_KEY");
    expect(out).toContain("1 secrets sealed with a master key this bot does not have");
    expect(out).toContain("SECRETS_KEY_PREVIOUS can be dropped");
    const store = createStore(path, createSealer([NEW]));
    expect(sealedWith(store).filter((id) => id === keyId(OLD))).toEqual([]);
    store.close();
  });
});
