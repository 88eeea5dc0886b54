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
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer, keyId } from "../../src/store/secrets.js";
import { rotateSecretsAtStartUp } from "../../src/store/rotation.js";
import { createLogger } from "../../src/logger.js";
import { projectRoot } from "../../src/paths.js";

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const STRANGER = randomBytes(32);

/** A database with two API keys and a webhook secret sealed with OLD, and one API key sealed with STRANGER. */
async function databaseSealedWithOldKeys(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "rotation-")), "bot.db");
  const old = await openStore({ databasePath: path }, createSealer([OLD]));
  for (const user of [1, 2, 3]) await old.users.touch(user, user);
  await old.apiKeys.add(1, { apiKey: "mk_test_aaaaaaaaaaaa1111", label: "main" });
  await old.apiKeys.add(2, { apiKey: "mk_test_bbbbbbbbbbbb2222", label: "main" });
  const row = await old.webhooks.ensureForUser(1, null);
  await old.webhooks.setSecret(row, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  await old.close();
  const stranger = await openStore({ databasePath: path }, createSealer([STRANGER]));
  await stranger.apiKeys.add(3, { apiKey: "mk_test_cccccccccccc3333", label: "main" });
  await stranger.close();
  return path;
}

const sealedWith = (store: Store) =>
  (store.raw.sqlite!.prepare("SELECT sealed_key AS s FROM api_keys UNION ALL SELECT sealed_secret FROM webhook_endpoints WHERE sealed_secret IS NOT NULL").all() as Array<{ s: string }>).map(
    (r) => r.s.split(".")[1],
  );

describe("master-key rotation", () => {
  it("at start-up with SECRETS_KEY_PREVIOUS: every value sealed with the old key is sealed with the new one, in one pass, and logged", async () => {
    const path = await databaseSealedWithOldKeys();
    const store = await openStore({ databasePath: path }, createSealer([NEW, OLD]));
    const lines: string[] = [];
    const logger = createLogger({ level: "info", destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }) });
    const report = await rotateSecretsAtStartUp(store, logger, 1);
    expect(report.resealed).toBe(3);
    expect(report.unreadable).toBe(1);
    expect(sealedWith(store).filter((id) => id === keyId(OLD))).toEqual([]);
    expect(lines.some((l) => l.includes("re-sealed 3 secrets with the current master key"))).toBe(true);
    expect(lines.filter((l) => l.includes('"level":50'))).toHaveLength(1);
    await store.close();

    // the old key can go: everything opens with the new key alone
    const after = await openStore({ databasePath: path }, createSealer([NEW]));
    expect(await after.apiKeys.reveal((await after.apiKeys.getDefault(1))!)).toBe("mk_test_aaaaaaaaaaaa1111");
    expect(await after.webhooks.revealSecret((await after.webhooks.forUser(1))!)).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    expect((await rotateSecretsAtStartUp(after, logger, 0)).resealed).toBe(0);
    await after.close();
  });

  it("npm run secrets:rotate does the same and says the previous key can be dropped", async () => {
    const path = await databaseSealedWithOldKeys();
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/store/rotate-cli.ts"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATABASE_PATH: path, SECRETS_KEY: NEW.toString("base64"), SECRETS_KEY_PREVIOUS: OLD.toString("base64") },
      encoding: "utf8",
    });
    expect(out).toContain("Re-sealed 3 secrets with the current SECRETS_KEY");
    expect(out).toContain("1 secrets sealed with a master key this bot does not have");
    expect(out).toContain("SECRETS_KEY_PREVIOUS can be dropped");
    const store = await openStore({ databasePath: path }, createSealer([NEW]));
    expect(sealedWith(store).filter((id) => id === keyId(OLD))).toEqual([]);
    await store.close();
  });
});
