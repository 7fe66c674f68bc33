// docs/endpoints.md, checked against what it describes: every path of the official SDK's API types
// (the installed @relayprotocol/relay-sdk's `types/api.d.ts`) has one row with the types' method;
// every client action a row names is exported by `attestkit/client`; and a row says "yes" in the
// devnet column exactly when the devnet's app registers that route.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import * as client from "../packages/attestkit/src/client/index.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** Each path of the SDK's types with its method, in the file's order. */
function sdkPaths(): { path: string; method: string }[] {
  const lines = read("node_modules/@relayprotocol/relay-sdk/_types/src/types/api.d.ts").split("\n");
  const found: { path: string; method: string }[] = [];
  for (const line of lines) {
    const path = /^ {4}"(\/[^"]*)": \{$/.exec(line)?.[1];
    if (path !== undefined) found.push({ path, method: "" });
    const method = /^ {8}(get|post|put|patch|delete): \{$/.exec(line)?.[1];
    const last = found.at(-1);
    if (method !== undefined && last && last.method === "") last.method = method.toUpperCase();
  }
  return found;
}

type Row = { path: string; method: string; action: string; devnet: string };

/** The rows of the table: path, method, the action cell, the devnet cell. */
function rows(): Row[] {
  return read("docs/endpoints.md")
    .split("\n")
    .filter((line) => line.startsWith("| `/"))
    .map((line) => {
      const [path = "", method = "", action = "", devnet = ""] = line
        .slice(2)
        .split(" | ")
        .map((cell) => cell.trim().replace(/^`|`$/g, ""));
      return { path, method, action, devnet };
    });
}

/** The routes the devnet's API registers, `METHOD /path` with every parameter written `{}`. */
function devnetRoutes(): Set<string> {
  const folder = "packages/devnet/src/api";
  const routes = new Set<string>();
  for (const file of readdirSync(join(root, folder)).filter((name) => /(?<!\.test)\.ts$/.test(name)))
    for (const match of read(`${folder}/${file}`).matchAll(/app\.(get|post)\("(\/[^"]*)"/g))
      routes.add(`${(match[1] as string).toUpperCase()} ${(match[2] as string).replace(/:[^/]+/g, "{}")}`);
  return routes;
}

const route = ({ method, path }: { method: string; path: string }) =>
  `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;

test("default: one row per path of the SDK's types, with its method", () => {
  const paths = sdkPaths();
  expect(paths.length).toBeGreaterThanOrEqual(45);
  expect(rows().map(({ path, method }) => `${method} ${path}`)).toEqual(
    paths.map(({ path, method }) => `${method} ${path}`),
  );
});

test("every action a row names is an export of attestkit/client; a row without one says why", () => {
  for (const row of rows()) {
    const action = /^`?([a-zA-Z0-9]+)`?/.exec(row.action)?.[1] ?? "";
    if (row.action.startsWith("not bound")) continue;
    expect(Object.keys(client), `${row.method} ${row.path}`).toContain(action);
  }
  const line = (path: string) =>
    read("docs/endpoints.md")
      .split("\n")
      .find((text) => text.startsWith(`| \`${path}\``));
  for (const row of rows().filter(({ action }) => action === "not bound"))
    expect(
      line(row.path)
        ?.split(" | ")
        .at(-1)
        ?.replace(/\s*\|$/, "").length,
      row.path,
    ).toBeGreaterThan(10);
});

test("the devnet column is what the devnet registers", () => {
  const registered = devnetRoutes();
  for (const row of rows())
    expect(registered.has(route(row)), `${row.method} ${row.path}: devnet "${row.devnet}"`).toBe(
      row.devnet === "yes",
    );
});
