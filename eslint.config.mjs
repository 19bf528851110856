import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/.next-*/**",
      "**/dist/**",
      "data/**",
      "bench/bare/**",
      "**/public/**",
      "**/next-env.d.ts",
      "**/*.cjs",
      "**/*.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-ignore": true, "ts-expect-error": "allow-with-description" },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "error",
    },
  },
  {
    // The web app's components and hooks: the Rules of Hooks and the React Compiler's checks (react-hooks 7), and
    // Next.js's own rules (links, images, scripts, head), with the Core Web Vitals ones as errors.
    files: ["apps/web/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"], nextPlugin.configs["core-web-vitals"]],
    settings: { next: { rootDir: `${import.meta.dirname}/apps/web/` } },
  },
  {
    // The Node scripts (start, test, bench, cluster, the web server): plain JavaScript, linted without type information.
    files: ["**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
