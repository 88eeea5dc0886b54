import { describe, expect, it } from "vitest";
import { isTronAddress } from "../../src/tron/address.js";
import { account, aString, client, containing, expectProblem, HOUR, matching, newAddress, parseJson, sandbox, type WireAddressCheck, type WireBalance, type WireBlogPost, type WireDepositAddress } from "./helpers.js";

describe("wallet", () => {
  it("GET /wallet/balance: TRX and USDT as 6-decimal strings", async () => {
    const sb = await sandbox();
    const { accountId } = sb.control.createAccount({ trx: "12.345", usdt: "7.5" });
    const key = sb.control.createKey(accountId, { scope: "read" }).key;
    expect((await client(sb.url, key)("GET", "/api/v1/wallet/balance")).body).toEqual({ usdtTrc20: "7.500000", trx: "12.345000" });
    sb.control.deposit(accountId, "0.000001");
    expect((await client(sb.url, key)<WireBalance>("GET", "/api/v1/wallet/balance")).body.trx).toBe("12.345001");
  });

  it("GET /wallet/deposit-address: a valid TRON address, stable, per account", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const b = account(sb);
    const first = await a.read<WireDepositAddress>("GET", "/api/v1/wallet/deposit-address");
    expect(first.body).toEqual({
      network: "TRC20",
      address: aString(),
      minimums: [
        { currency: "TRX", amount: "10" },
        { currency: "USDT", amount: "5" },
      ],
    });
    expect(isTronAddress(first.body.address)).toBe(true);
    expect((await a.full<WireDepositAddress>("GET", "/api/v1/wallet/deposit-address")).body.address).toBe(first.body.address);
    expect((await b.read<WireDepositAddress>("GET", "/api/v1/wallet/deposit-address")).body.address).not.toBe(first.body.address);
  });
});

describe("GET /api/v1/address-checker", () => {
  it("answers deterministic defaults for an unknown address", async () => {
    const sb = await sandbox();
    const address = newAddress();
    expect((await client(sb.url)("GET", `/api/v1/address-checker?address=${address}`)).body).toEqual({
      address,
      activated: false,
      energyLimit: 0,
      energyUsed: 0,
      energyAvailable: 0,
      bandwidthLimit: 600,
      bandwidthUsed: 0,
      bandwidthAvailable: 600,
    });
  });

  it("reflects set state, consumption and its recovery over 24 hours", async () => {
    const sb = await sandbox();
    const address = newAddress();
    const check = async () => (await client(sb.url)<WireAddressCheck>("GET", `/api/v1/address-checker?address=${address}`)).body;
    sb.control.setAddress(address, { activated: true, energyLimit: 100000n, bandwidthLimit: 1500n });
    expect(await check()).toMatchObject({ activated: true, energyLimit: 100000, energyAvailable: 100000, bandwidthLimit: 1500 });
    sb.control.consumeEnergy(address, 64285n);
    expect(await check()).toMatchObject({ energyUsed: 64285, energyAvailable: 35715 });
    await sb.control.advanceClock(12 * HOUR);
    expect(await check()).toMatchObject({ energyUsed: 32142, energyAvailable: 67858 });
    await sb.control.advanceClock(12 * HOUR);
    expect(await check()).toMatchObject({ energyUsed: 0, energyAvailable: 100000 });
    // A transfer larger than what is available uses it all (the rest would be burned).
    sb.control.consumeEnergy(address, 500000n);
    expect(await check()).toMatchObject({ energyUsed: 100000, energyAvailable: 0 });
  });

  it("400 address_checker.invalid_address for an invalid or absent address", async () => {
    const sb = await sandbox();
    const anonymous = client(sb.url);
    expectProblem(await anonymous("GET", "/api/v1/address-checker"), 400, "address_checker.invalid_address");
    expectProblem(await anonymous("GET", "/api/v1/address-checker?address="), 400, "address_checker.invalid_address");
    expectProblem(await anonymous("GET", "/api/v1/address-checker?address=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T"), 400, "address_checker.invalid_address");
    expectProblem(await anonymous("GET", "/api/v1/address-checker?address=0x1234"), 400, "address_checker.invalid_address");
    expect((await anonymous("GET", "/api/v1/address-checker?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")).status).toBe(200);
  });

  it("503 address_checker.unavailable while the node is off", async () => {
    const sb = await sandbox();
    const anonymous = client(sb.url);
    sb.control.setCheckerAvailable(false);
    expectProblem(await anonymous("GET", `/api/v1/address-checker?address=${newAddress()}`), 503, "address_checker.unavailable");
    sb.control.setCheckerAvailable(true);
    expect((await anonymous("GET", `/api/v1/address-checker?address=${newAddress()}`)).status).toBe(200);
  });
});

interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
}

const NODE_TYPES = new Set(["doc", "paragraph", "heading", "bulletList", "orderedList", "listItem", "text"]);
const MARK_TYPES = new Set(["bold", "italic", "code", "link"]);

function walk(node: DocNode, visit: (node: DocNode) => void): void {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

describe("GET /api/v1/blog/posts/{slug}", () => {
  it("serves a seeded post in English by default with a TipTap document", async () => {
    const sb = await sandbox();
    const reply = await client(sb.url)<WireBlogPost>("GET", "/api/v1/blog/posts/how-to-save-on-usdt-fees");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      slug: "how-to-save-on-usdt-fees",
      title: "How to save on USDT fees",
      categorySlug: "guides",
      categoryName: "Guides",
      coverImageUrl: matching(/^https:\/\//),
      publishedAt: "2025-01-15T09:00:00.000Z",
      isTranslated: true,
    });
    const doc = parseJson<DocNode>(reply.body.contentJson);
    expect(doc.type).toBe("doc");
    const seen = new Set<string>();
    walk(doc, (node) => {
      expect(NODE_TYPES.has(node.type), node.type).toBe(true);
      seen.add(node.type);
      if (node.type === "heading") expect(node.attrs?.level).toEqual(expect.any(Number));
      for (const mark of node.marks ?? []) {
        expect(MARK_TYPES.has(mark.type)).toBe(true);
        seen.add(mark.type);
        if (mark.type === "link") expect(mark.attrs?.href).toMatch(/^https:\/\//);
      }
    });
    expect([...seen].sort()).toEqual(["bold", "code", "doc", "heading", "italic", "link", "listItem", "orderedList", "paragraph", "text"]);
  });

  it("serves the requested locale when it exists, else English with isTranslated false", async () => {
    const sb = await sandbox();
    const get = async (path: string) => (await client(sb.url)<WireBlogPost>("GET", path)).body;
    expect(await get("/api/v1/blog/posts/auto-refill-guide?locale=ru")).toMatchObject({ title: "Автопополнение, продление и умный режим", isTranslated: true, metaTitle: null });
    expect(await get("/api/v1/blog/posts/auto-refill-guide?locale=ru-RU")).toMatchObject({ isTranslated: true, categoryName: "Руководства" });
    expect(await get("/api/v1/blog/posts/what-is-energy?locale=ru")).toMatchObject({ title: "What is energy on TRON?", isTranslated: false, coverImageUrl: null });
    expect(await get("/api/v1/blog/posts/what-is-energy?locale=zh")).toMatchObject({ isTranslated: false });
    expect(await get("/api/v1/blog/posts/what-is-energy?locale=en")).toMatchObject({ isTranslated: true });
    expect(await get("/api/v1/blog/posts/what-is-energy?locale=constructor")).toMatchObject({ title: "What is energy on TRON?", isTranslated: false });
  });

  it("404 blog.post_not_found for an unknown slug", async () => {
    const sb = await sandbox();
    expectProblem(await client(sb.url)("GET", "/api/v1/blog/posts/no-such-post?locale=en"), 404, "blog.post_not_found");
  });
});

describe("errors", () => {
  it("use the problem body with a code member and application/problem+json", async () => {
    const sb = await sandbox();
    const reply = await client(sb.url)("GET", "/api/v1/nothing-here");
    expect(reply.status).toBe(404);
    expect(reply.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(reply.body).toEqual({
      type: containing("route.not_found"),
      title: "Not Found",
      status: 404,
      detail: aString(),
      instance: "/api/v1/nothing-here",
      code: "route.not_found",
    });
  });

  it("answers 405 for a known path with another method, 400 request.invalid_json for a broken body", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const reply = await a.full("DELETE", "/api/v1/orders");
    expectProblem(reply, 405, "request.method_not_allowed");
    expect(reply.headers.get("allow")).toBe("POST, GET");
    expectProblem(await a.full("POST", "/api/v1/automations/smart", { raw: '{"targetAddress":' }), 400, "request.invalid_json");
    expectProblem(await a.full("POST", "/api/v1/webhooks", { raw: "not json" }), 400, "request.invalid_json");
  });
});
