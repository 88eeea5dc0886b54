import { mkdtempSync } from "node:fs"; import { tmpdir } from "node:os"; import { join } from "node:path"; import { randomBytes } from "node:crypto";
import { createSealer } from "../src/store/secrets.js"; import { createStore } from "../src/store/index.js";
const store = createStore(join(mkdtempSync(join(tmpdir(), "m-")), "b.db"), createSealer([randomBytes(32)]));
let t = performance.now(); for (let i = 0; i < 20000; i++) store.users.touch(2_000_000 + i, 2_000_000 + i); console.log("touch new user µs", ((performance.now() - t) * 1000 / 20000).toFixed(1));
t = performance.now(); for (let i = 0; i < 20000; i++) store.sessions.write(String(3_000_000 + i), {}); console.log("session write µs", ((performance.now() - t) * 1000 / 20000).toFixed(1));
const ins = store.db.$client.prepare("INSERT INTO bot_storage (key, value, updated_at) VALUES (?, ?, ?)");
const tx = store.db.$client.transaction((n: number) => { for (let i = 0; i < 50; i++) ins.run(`b${n}-${i}`, "{}", 0); });
t = performance.now(); for (let i = 0; i < 400; i++) tx(i); console.log("batched insert µs", ((performance.now() - t) * 1000 / 20000).toFixed(1));
