/**
 * The texts of every locale, from locales/<locale>.ftl, loaded once into one Fluent bundle per
 * locale: the chat's answers (bot/i18n.ts) and pushed notices (notices/) read the same bundles.
 * A translation knows its exact locale, so nothing is negotiated per text; a message missing from
 * a locale falls back to the default locale's, and an unknown key reads `{key}` (as the i18n plugin
 * did). Texts without variables are formatted once per locale and kept: most of a chat's buttons
 * and menus are such texts, and they are asked for on every update. Texts with variables are kept
 * too, the last two thousand per locale: the same preset buttons, durations ("1 hour"), counts and
 * step lines come back on every card and every replayed step of a flow, and Fluent formats a text
 * with a number or a plural in it at 5-15 µs (it looks up its Intl formatter by the options' JSON
 * each time), where reading it back costs well under one.
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
  /** Recently formatted texts with variables, by `keptAs`; emptied when it reaches FORMATTED_KEPT. */
  formatted: Map<string, string>;
}

/** Texts with variables kept per locale: about 1 MB at most (2,048 of the address card's lines took 1.1 MB). */
const FORMATTED_KEPT = 2_048;

/**
 * Where a text with these variables is kept: the key, then each variable's name, type and value (a
 * number and the same digits as a string format differently: plural forms, separators); a string's
 * length goes before it, so that no two sets of variables read the same. Undefined
 * for a variable that is neither (a date, a Fluent value): such a text is formatted every time.
 */
function keptAs(key: string, variables: TranslationVariables): string | undefined {
  let at = key;
  for (const name in variables) {
    const value = variables[name];
    if (typeof value === "string") at += `\u0000${name}\u0001s${value.length}:${value}`;
    else if (typeof value === "number") at += `\u0000${name}\u0001n${value}`;
    else return undefined;
  }
  return at;
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
    const kept = variables === undefined ? texts.plain : texts.formatted;
    const at = variables === undefined ? key : keptAs(key, variables);
    let text = at === undefined ? undefined : kept.get(at);
    if (text !== undefined) return text;
    text = format(texts, key, variables) ?? format(fallback, key, variables);
    if (text === undefined) return `{${key}}`; // not kept: only keys that exist fill the maps
    if (at !== undefined) {
      // the plain texts are bounded by the locale's keys; the formatted ones are not
      if (kept === texts.formatted && kept.size >= FORMATTED_KEPT) kept.clear();
      kept.set(at, text);
    }
    return text;
  };
  return {
    t: (locale, key, variables) => translate(locales.get(locale) ?? fallback, key, variables),
  };
}
