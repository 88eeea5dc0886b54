/** CPU per update of the bare grammY baseline: prints its figures as one JSON line. */
import { createBareBot } from "../lib/bare-bot.js";
import { cpuPerUpdate } from "../lib/cpu-per-update.js";

const bot = createBareBot();
const figures = await cpuPerUpdate((update) => bot.handleUpdate(update));
process.stdout.write(`${JSON.stringify(figures)}\n`);
