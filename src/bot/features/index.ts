/**
 * Every feature, in the order they see updates. Each is one Composer; a feature that has
 * conversations registers them itself (after the conversations plugin and /cancel).
 */
import type { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { startFeature } from "./start.js";
import { helpFeature } from "./help.js";
import { languageFeature } from "./language.js";
import { chatMemberFeature } from "./chat-member.js";

export const features: Composer<BotContext>[] = [
  chatMemberFeature,
  startFeature,
  helpFeature,
  languageFeature,
];
