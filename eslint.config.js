import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Remix + TypeScript conventions: React, hooks, accessibility of JSX, import order. Formatting is Prettier's. */
export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      ".cache/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
      "supabase/functions/**/deno.lock",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,jsx,ts,tsx}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: { "import/internal-regex": "^~/" },
    rules: {
      // French texts hold no-break spaces on purpose (catalogue/typography.ts): in strings, templates and JSX text.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"], "type"],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import/no-duplicates": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // These files find or strip control characters on purpose (the contact contract, the e-mail headers, the owner's
    // terminal, and their tests); Deno's linter marks each such expression where it runs.
    files: ["supabase/functions/**/*.ts", "tests/**/*.ts"],
    rules: { "no-control-regex": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "react/prop-types": "off",
      // French text is full of apostrophes; JSX renders them as they are, escaping them would only hurt reading.
      "react/no-unescaped-entities": "off",
    },
  },
);
