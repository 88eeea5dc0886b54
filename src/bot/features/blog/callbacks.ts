/** The blog post's ◀️ ▶️: the page to show in the tapped message (the post it reads is in reading.ts). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const BlogButtons = {
  page: defineCallback("blog.pg", { page: "int" }, { inGroups: true }),
} as const;
