/** CPU per update of the whole bot (createBot, in-process Bot API): prints its figures as one JSON line. */
import { createLocalBot } from "../lib/local-bot.js";
import { cpuPerUpdate } from "../lib/cpu-per-update.js";

const { bot, close } = await createLocalBot();
const figures = await cpuPerUpdate((update) => bot.handleUpdate(update));
await close();
process.stdout.write(`${JSON.stringify(figures)}\n`);
