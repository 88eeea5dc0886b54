/**
 * The bot's texts as a test expects them: rendered from locales/<locale>.ftl by the bot's own
 * translator (src/i18n), so a test names the text the bot answered (its key) rather than copying
 * today's sentence, and rewording a sentence in en.ftl breaks only the tests about that wording.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { SUPPORTED_LOCALES } from "../../src/config.js";
import { loadTranslations, type TranslationVariables } from "../../src/i18n/translations.js";
import { localesDir } from "../../src/paths.js";

const translations = loadTranslations("en");

/** The text of `key` in `locale`, exactly as the bot renders it (HTML included). */
export function tr(locale: string, key: string, variables?: TranslationVariables): string {
  return translations.t(locale, key, variables);
}

/** The English text of `key`, exactly as the bot renders it (HTML included). */
export function en(key: string, variables?: TranslationVariables): string {
  return tr("en", key, variables);
}

/**
 * A pattern found in any text that contains the text of `key`, the variables given rendered as
 * they are and every other one matching any text: for an answer whose figures are not the point,
 * or not known to the test. A variable that chooses between variants (a count) picks the default
 * variant unless it is given.
 */
export function enPattern(key: string, variables: TranslationVariables = {}, locale = "en"): RegExp {
  const open = variablesOf(locale, key).filter((name) => !(name in variables));
  const marked = tr(locale, key, { ...variables, ...Object.fromEntries(open.map((name) => [name, `${MARK}${name}${MARK}`])) });
  const escaped = marked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(new RegExp(`${MARK}[\\w-]+${MARK}`, "g"), "[\\s\\S]*?"));
}

/** A pattern for the English text of any of `keys` (each as enPattern's, no variable given): a step shown in one of its forms. */
export function enAny(...keys: string[]): RegExp {
  return new RegExp(keys.map((key) => `(?:${enPattern(key).source})`).join("|"));
}

/** Stands around an open variable's name in the rendered text, to be swapped for a wildcard. */
const MARK = "\u0001";

type Pattern = FluentResource["body"][number]["value"];

const names = new Map<string, Map<string, string[]>>();

/** The variables `key` (a message or `message.attribute`) uses in `locale`, else in English. */
function variablesOf(locale: string, key: string): string[] {
  return variablesByKey(locale).get(key) ?? variablesByKey("en").get(key) ?? [];
}

function variablesByKey(locale: string): Map<string, string[]> {
  let byKey = names.get(locale);
  if (!byKey) {
    byKey = new Map();
    if ((SUPPORTED_LOCALES as readonly string[]).includes(locale)) {
      for (const message of new FluentResource(readFileSync(join(localesDir, `${locale}.ftl`), "utf8")).body) {
        byKey.set(message.id, [...new Set(variablesIn(message.value))]);
        for (const [attribute, value] of Object.entries(message.attributes)) byKey.set(`${message.id}.${attribute}`, [...new Set(variablesIn(value))]);
      }
    }
    names.set(locale, byKey);
  }
  return byKey;
}

function variablesIn(pattern: Pattern): string[] {
  if (pattern === null || typeof pattern === "string") return [];
  return pattern.flatMap((element) => {
    if (typeof element === "string") return [];
    if (element.type === "var") return [element.name];
    if (element.type === "select") return [...variablesIn([element.selector]), ...element.variants.flatMap((variant) => variablesIn(variant.value))];
    return [];
  });
}
