/** The new-schedule flow's buttons (the /schedule card is a menu: menus.ts). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const ScheduleStep = {
  address: defineCallback("sch.a", { address: "address" }),
  volume: defineCallback("sch.v", { volume: "big" }),
  /** A duration by its place in the marketplace's list. */
  duration: defineCallback("sch.d", { index: "int" }),
  /** every, weekdays or choose. */
  days: defineCallback("sch.days", { set: "word" }),
  /** Toggles weekday `day` (0 = Sunday) among the chosen days. */
  day: defineCallback("sch.day", { day: "int" }),
  daysDone: defineCallback("sch.dd"),
  /** A time zone by its place among the offered ones. */
  zone: defineCallback("sch.z", { index: "int" }),
  /** all or failures. */
  notify: defineCallback("sch.n", { mode: "word" }),
  save: defineCallback("sch.save"),
} as const;
