// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "dist-builds/", "dist-bench/", "drizzle/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Types from each file's nearest tsconfig.json (tsconfig.json: src, test, bench, vitest.config.ts, drizzle.config.ts).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Both are in recommendedTypeChecked; spelled out so a preset change can't drop them silently.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error"] }],
    },
  },
  {
    // Plain JS (eslint.config.js): in no TS program (tsconfig has no allowJs), so no types to check against.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The playground's page runs in the browser.
    files: ["playground/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: Object.fromEntries(
        ["document", "window", "location", "localStorage", "navigator", "fetch", "EventSource", "URL", "URLSearchParams", "setTimeout", "clearTimeout"].map((name) => [name, "readonly"]),
      ),
    },
  },
  {
    files: ["test/**", "bench/**", "src/dev/sandbox/cli.ts", "src/store/rotate-cli.ts"],
    rules: { "no-console": "off" },
  },
);
