/**
 * The texts of every locale, from locales/<locale>.ftl, loaded once into one Fluent bundle per
 * locale: the chat's answers (bot/i18n.ts) and pushed notices (notices/) read the same bundles.
 * A translation knows its exact locale, so nothing is negotiated per text; a message missing from
 * a locale falls back to the default locale's, and an unknown key reads `{key}` (as the i18n plugin
 * did). Texts without variables are formatted once per locale and kept: most of a chat's buttons
 * and menus are such texts, and they are asked for on every update. Texts with variables are kept
 * too, the last few per message: the same preset buttons, durations ("1 hour"), counts and step
 * lines come back on every card and every replayed step of a flow, and Fluent formats a text with a
 * number or a plural in it at 5-15 µs (it looks up its Intl formatter by the options' JSON each
 * time), where finding it again among the message's last few, by its variables' values, costs a
 * few comparisons and no allocation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";
import { SUPPORTED_LOCALES, type Locale } from "../config.js";
import { localesDir } from "../paths.js";

export type TranslationVariables = Record<string, FluentVariable>;

export interface Translator {
  /** `key` is a message id, or `message.attribute` (the commands' descriptions). */
  t(locale: string, key: string, variables?: TranslationVariables): string;
}

interface LocaleTexts {
  bundle: FluentBundle;
  /** The formatted texts without variables, by key. */
  plain: Map<string, string>;
  /** By key, the texts lately formatted with variables, newest first (at most KEPT_PER_KEY). */
  formatted: Map<string, Kept[]>;
}

/** A text formatted with these variables (a copy of them: each a string or a number). */
interface Kept {
  variables: TranslationVariables;
  /** How many variables. */
  count: number;
  text: string;
}

/** Texts with variables kept per message and locale: the newest, the others forgotten. */
const KEPT_PER_KEY = 8;

/**
 * How many variables, if each is a string or a number (a number and the same digits as a string
 * format differently: plural forms, separators); undefined for any other (a date, a Fluent value):
 * such a text is formatted every time.
 */
function keptCount(variables: TranslationVariables): number | undefined {
  let count = 0;
  for (const name in variables) {
    const type = typeof variables[name];
    if (type !== "string" && type !== "number") return undefined;
    count++;
  }
  return count;
}

/** The same variables, value for value (`===`: a number never equals a string). */
function sameVariables(kept: Kept, variables: TranslationVariables, count: number): boolean {
  if (kept.count !== count) return false;
  for (const name in variables) if (kept.variables[name] !== variables[name]) return false;
  return true;
}

export function loadTranslations(defaultLocale: Locale, directory = localesDir): Translator {
  const locales = new Map<string, LocaleTexts>();
  for (const locale of SUPPORTED_LOCALES) {
    const bundle = new FluentBundle(locale, { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(readFileSync(join(directory, `${locale}.ftl`), "utf8")));
    if (errors.length > 0) throw new Error(`locales/${locale}.ftl: ${errors[0]!.message}`);
    locales.set(locale, { bundle, plain: new Map(), formatted: new Map() });
  }
  const fallback = locales.get(defaultLocale)!;

  const format = (texts: LocaleTexts, key: string, variables: TranslationVariables | undefined): string | undefined => {
    const dot = key.indexOf(".");
    const message = texts.bundle.getMessage(dot < 0 ? key : key.slice(0, dot));
    if (!message) return undefined;
    const pattern = dot < 0 ? (message.value ?? "") : message.attributes[key.slice(dot + 1)];
    return pattern === undefined ? undefined : texts.bundle.formatPattern(pattern, variables);
  };
  const translate = (texts: LocaleTexts, key: string, variables: TranslationVariables | undefined): string => {
    if (variables === undefined) {
      let text = texts.plain.get(key);
      if (text !== undefined) return text;
      text = format(texts, key, undefined) ?? format(fallback, key, undefined);
      if (text === undefined) return `{${key}}`; // not kept: only keys that exist fill the maps
      texts.plain.set(key, text);
      return text;
    }
    const count = keptCount(variables);
    const kept = count === undefined ? undefined : texts.formatted.get(key);
    if (kept) for (const entry of kept) if (sameVariables(entry, variables, count!)) return entry.text;
    const text = format(texts, key, variables) ?? format(fallback, key, variables);
    if (text === undefined) return `{${key}}`;
    if (count !== undefined) {
      const entry: Kept = { variables: { ...variables }, count, text };
      if (!kept) texts.formatted.set(key, [entry]);
      else {
        kept.unshift(entry);
        if (kept.length > KEPT_PER_KEY) kept.pop();
      }
    }
    return text;
  };
  return {
    t: (locale, key, variables) => translate(locales.get(locale) ?? fallback, key, variables),
  };
}
