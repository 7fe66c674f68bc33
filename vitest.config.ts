import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `attestkit/...` as the examples import it (like an installed package), mapped to the sources; the
// same map as tsconfig.json's `paths`, read from the package's exports.
const exportsMap = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8"))
  .exports as Record<string, string | { default: string }>;
const alias = Object.entries(exportsMap)
  .filter((entry): entry is [string, { default: string }] => typeof entry[1] === "object")
  .map(([subpath, target]) => ({
    find: new RegExp(`^attestkit${subpath.slice(1).replace(/\//g, "\\/")}$`),
    replacement: fileURLToPath(
      new URL(target.default.replace("./dist/", "./src/").replace(/\.js$/, ".ts"), import.meta.url),
    ),
  }));

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/setup/buildContracts.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
  },
});
