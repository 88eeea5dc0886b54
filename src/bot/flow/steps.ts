/**
 * The steps every flow that buys or sets up a rule asks, written once (issue 31, item 3): the
 * target address, a volume, a duration, and a TRX amount or "off". Each flow gives its question,
 * its buttons (packed with its own codec, so a tap reaches only the flow that asked), how a tap
 * reads, and its sentences for a wrong answer; what an answer means is decided here, and how it
 * reads once taken (`shown`, which a flow may word its own way). The TRX steps give only how they
 * are answered: their question is the flow's to draw (`{ question, ...trxStep() }`). The address,
 * volume and duration steps are also given as how they are answered alone (`addressAnswers` …):
 * a prompt (prompt.ts, /buy) asks its question once and reads the answers of a later update with them.
 */
import type { InlineKeyboard } from "grammy";
import { checkVolume, matchDuration } from "../../orders/request.js";
import { isTronAddress } from "../../tron/address.js";
import { addressByLabel, addressHtml, labelsOf } from "../../tron/address-names.js";
import { parseTypedTrx } from "../../tron/amounts.js";
import type { SavedAddress } from "../../store/recent-addresses.js";
import { clipped, code } from "../../format/html.js";
import type { TextLocale } from "../../format/formatter.js";
import { durationChoiceKeyboard } from "../ui/order-steps.js";
import type { Answering, ShowingStep, Shows } from "./step.js";

interface Asked {
  question: string;
  keyboard?: InlineKeyboard;
  buttons?: RegExp;
}

/** How an address step is answered (addressStep without its question; a prompt's step reads answers with it). */
export interface AddressAnswers {
  saved: ReadonlyArray<Pick<SavedAddress, "address" | "label">>;
  fromTap: (data: string) => string | undefined;
  invalid: (text: string) => string;
}

/**
 * A TRON address: one of the offered buttons, a saved address's label typed, or an address typed.
 * `invalid` gets what was given (clipped), "" for a button that names no address. It reads as the
 * address under its saved name, if it has one.
 */
export function addressStep(asked: Asked & AddressAnswers): ShowingStep<string> {
  const { saved, fromTap, invalid, ...question } = asked;
  return { ...question, ...addressAnswers({ saved, fromTap, invalid }) };
}

export function addressAnswers({ saved, fromTap, invalid }: AddressAnswers): Answering<string> & Required<Pick<Answering<string>, "tap" | "text" | "shown">> {
  const take = (candidate: string | undefined) =>
    candidate !== undefined && isTronAddress(candidate) ? { value: candidate } : { reason: invalid(clipped(candidate ?? "", 64)) };
  return {
    tap: (data) => take(fromTap(data)),
    text: (text) => take(addressByLabel(saved, text) ?? text),
    shown: (address) => addressHtml(address, labelsOf(saved)),
  };
}

/** A volume, and the duration too when a priced preset answered both. */
export interface VolumeAnswer {
  volume: bigint;
  duration?: string;
}

/** How a volume step is answered (volumeStep without its question). */
export interface VolumeAnswers {
  range: { minVolume: bigint; maxVolume: bigint };
  fromTap: (data: string) => VolumeAnswer | undefined;
  unreadable: (text: string) => string;
  outOfRange: (volume: bigint) => string;
}

/**
 * A volume typed as people type it (65000, 65k, 131 000 …) or a preset button, always within
 * min..max. `unreadable` gets the text (clipped; "" for a button); `outOfRange` the volume given.
 * It reads as the volume in figures.
 */
export function volumeStep(asked: Asked & VolumeAnswers): ShowingStep<VolumeAnswer> {
  const { range, fromTap, unreadable, outOfRange, ...question } = asked;
  return { ...question, ...volumeAnswers({ range, fromTap, unreadable, outOfRange }) };
}

export function volumeAnswers({ range, fromTap, unreadable, outOfRange }: VolumeAnswers): Answering<VolumeAnswer> & Required<Pick<Answering<VolumeAnswer>, "tap" | "text" | "shown">> {
  const take = (input: string | bigint, duration: string | undefined) => {
    const checked = checkVolume(input, range);
    if (checked.ok) return { value: duration === undefined ? { volume: checked.volume } : { volume: checked.volume, duration } };
    if (checked.reason === "unreadable") return { reason: unreadable(typeof input === "string" ? clipped(input, 64) : "") };
    return { reason: outOfRange(checked.volume) };
  };
  return {
    tap: (data) => {
      const tapped = fromTap(data);
      return tapped ? take(tapped.volume, tapped.duration) : { reason: unreadable("") };
    },
    text: (text) => take(text, undefined),
    shown: ({ volume }, { fmt }) => code(fmt.volume(volume)),
  };
}

/** How a duration step is answered (durationStep without its question and buttons). */
export interface DurationAnswers {
  durations: readonly string[];
  fromTap: (data: string) => number | undefined;
  /** The locale the question is asked in (the typed durations, the reason). */
  locale: TextLocale;
  typed?: boolean;
  invalid?: () => string;
  shown?: Shows<string>;
}

/**
 * One of the durations on offer, three buttons to a row (the one being changed marked ✓), or with
 * `typed` the duration typed as it is shown. `pack` and `fromTap` are the flow's button with the
 * duration's index; `invalid` says what is on offer (by default: use the buttons). It reads as the
 * duration in words, or as the flow's `shown` says (what the duration buys, say).
 */
export function durationStep(
  asked: DurationAnswers & {
    question: string;
    previous?: string | undefined;
    buttons: RegExp;
    pack: (index: number) => string;
  },
): ShowingStep<string> {
  const { question, previous, buttons, pack, ...answers } = asked;
  return {
    question,
    keyboard: durationChoiceKeyboard(answers.durations, previous, answers.locale, pack),
    buttons,
    ...durationAnswers(answers),
  };
}

export function durationAnswers(asked: DurationAnswers): Answering<string> & Required<Pick<Answering<string>, "tap" | "shown">> {
  const { durations, locale } = asked;
  const { t, fmt } = locale;
  const invalid = asked.invalid ?? (() => t("conversation-use-buttons"));
  const take = (duration: string | undefined) => (duration !== undefined ? { value: duration } : { reason: invalid() });
  const answers: Answering<string> & Required<Pick<Answering<string>, "tap" | "shown">> = {
    tap: (data) => take(durations[asked.fromTap(data) ?? -1]),
    shown: asked.shown ?? ((duration, locale) => locale.fmt.duration(duration, locale.t)),
  };
  if (asked.typed) answers.text = (text) => take(matchDuration(text, durations, (d) => fmt.duration(d, t)));
  return answers;
}

/**
 * A TRX amount (parseTypedTrx: more than 0, up to `maxSun`), or null for "off": "off", "0", the
 * locale's off word, or a tap on a button `fromTap` reads as off (null). A tap may also keep an
 * amount (`fromTap` returning it). `bad` is said for anything else.
 */
export function trxOrOffStep(
  asked: {
    buttons: RegExp;
    fromTap: (data: string) => bigint | null;
    offWord: string;
    bad: string;
    maxSun: bigint;
    answerTap?: boolean;
  },
): Answering<bigint | null> {
  const { fromTap, offWord, bad, maxSun, ...rest } = asked;
  return {
    ...rest,
    tap: (data) => ({ value: fromTap(data) }),
    text: (text) => {
      const word = text.trim().toLowerCase();
      if (word === "off" || word === "0" || word === offWord.toLowerCase()) return { value: null };
      const sun = parseTypedTrx(text, maxSun);
      return sun !== undefined ? { value: sun } : { reason: bad };
    },
  };
}

/** A TRX amount only (up to `maxSun`): anything else is asked again. It reads as the amount in TRX. */
export function trxStep(asked: { bad: string; maxSun: bigint }): Answering<bigint> & { shown: Shows<bigint> } {
  const { bad, maxSun, ...rest } = asked;
  return {
    ...rest,
    text: (text) => {
      const sun = parseTypedTrx(text, maxSun);
      return sun !== undefined ? { value: sun } : { reason: bad };
    },
    shown: (sun, { fmt }) => code(fmt.trx(sun)),
  };
}
