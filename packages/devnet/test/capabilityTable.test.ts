// The capability tables of packages/devnet/README.md, checked: they are the devnet's answer to "which rows of
// the service interface does it simulate", so no row may be silent. Every row's verdict is "behaves" or
// one of the README's flags (with its reason where the flag needs one); every "behaves" row names the
// test that drives it, and every test a row names exists; and every field of the request schemas of
// the interface's endpoints (POST /quote/v2, POST /price, POST /currencies/v1, GET /intents/status/v3,
// POST /transactions/index), every request status and trade type the shared schemas know, and the
// webhook event, has a row: a field added to a schema without a row fails here. The devnet exports no
// list of its routes (they are registered one by one in api/createDevnetApp.ts), so routes are not
// checked against the tables.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { tradeTypes, webhookEvents } from "../../attestkit/src/schemas/primitives.js";
import {
  currenciesRequestSchema,
  priceRequestSchema,
  quoteRequestSchema,
  statusRequestSchema,
  transactionsIndexRequestSchema,
} from "../../attestkit/src/schemas/requests.js";
import { requestStatuses } from "../../attestkit/src/schemas/statuses.js";

// Paths in the README are the repository's.
const root = fileURLToPath(new URL("../../../", import.meta.url));
const readme = readFileSync(join(root, "packages/devnet/README.md"), "utf8");

/**
 * The verdicts the README writes besides "behaves" (itself alone, or with a qualifier in parentheses).
 * `reason`: the flag must say why, in text after it.
 */
const flags = [
  { word: "marked not simulated", reason: true },
  { word: "not simulated", reason: true },
  { word: "refused", reason: true },
  { word: "not reachable", reason: true },
  { word: "not exercised end to end", reason: false },
  { word: "ignored", reason: false },
] as const;

type Row = { line: number; capability: string; verdict: string; tests: string; text: string };

/**
 * Every row of every capability table (`| capability | devnet | end-to-end test |` or `| e2e test |`).
 * Cells are split on " | " and the last two are the verdict and the tests, so a `|` inside a code
 * span of the capability (`chain-disabled|block-lagging`) stays in it.
 */
function readRows(markdown: string): { tables: number; rows: Row[] } {
  const rows: Row[] = [];
  let tables = 0;
  let inTable = false;
  for (const [index, line] of markdown.split("\n").entries()) {
    if (/^\| capability \| devnet \| (end-to-end|e2e) test \|$/.test(line)) {
      tables += 1;
      inTable = true;
      continue;
    }
    if (!inTable || /^\|( -+ \|)+$/.test(line)) continue;
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = line.replace(/^\| /, "").replace(/ \|$/, "").split(" | ");
    const tests = (cells.pop() ?? "").trim();
    const verdict = (cells.pop() ?? "").trim();
    rows.push({ line: index + 1, capability: cells.join(" | ").trim(), verdict, tests, text: line });
  }
  return { tables, rows };
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
const testPaths = (text: string) => codeSpans(text).filter((span) => /\.(test\.ts|t\.sol)$/.test(span));
const isBehaves = (verdict: string) => verdict === "behaves" || verdict.startsWith("behaves (");
const label = (row: Row) => `line ${row.line}: ${row.capability.slice(0, 100)}`;

/** Rows whose verdict is neither "behaves" nor a known flag, or a flag that needs a reason without one. */
function silentRows(rows: readonly Row[]): string[] {
  return rows.flatMap((row) => {
    if (isBehaves(row.verdict)) return [];
    const flag = flags.find(
      ({ word }) => row.verdict.startsWith(word) && /^($|[ :,(])/.test(row.verdict.slice(word.length)),
    );
    if (!flag) return [`${label(row)}: verdict "${row.verdict}"`];
    const reason = row.verdict.slice(flag.word.length).replace(/^[\s:,(]+/, "");
    return flag.reason && reason.length < 3 ? [`${label(row)}: "${flag.word}" without a reason`] : [];
  });
}

/** "behaves" rows naming no test file in their test column. */
const unnamedRows = (rows: readonly Row[]) =>
  rows.filter((row) => isBehaves(row.verdict) && testPaths(row.tests).length === 0).map(label);

/** Test files (`*.test.ts`, `*.t.sol`) named anywhere in a row that are not in the repository. */
const missingTests = (rows: readonly Row[]) =>
  rows.flatMap((row) =>
    testPaths(row.text)
      .filter((path) => !existsSync(join(root, path)))
      .map((path) => `${label(row)}: ${path}`),
  );

/**
 * The names no row covers. A row covers a name with a code span that is the name or starts with it
 * (`explicitDeposit: true` covers `explicitDeposit`; `{chainId, txHash}` covers neither).
 */
function uncovered(rows: readonly Row[], names: readonly string[]): string[] {
  const spans = rows.flatMap((row) => codeSpans(row.text));
  return names.filter((name) => {
    const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`);
    return !spans.some((span) => pattern.test(span));
  });
}

const { tables, rows } = readRows(readme);
const keys = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);

test("the README has its capability tables, each with rows", () => {
  expect(tables).toBeGreaterThanOrEqual(4);
  expect(rows.length).toBeGreaterThan(50);
  expect(rows.filter((row) => row.capability === "").map(label)).toEqual([]);
});

test("default: every row says 'behaves' or flags itself with one of the README's flags, and why", () => {
  expect(silentRows(rows)).toEqual([]);
});

test("every 'behaves' row names its test, and every test a row names exists", () => {
  expect({ unnamed: unnamedRows(rows), missing: missingTests(rows) }).toEqual({ unnamed: [], missing: [] });
});

describe("every field and value of the interface's requests has a row", () => {
  test("POST /quote/v2: every key of the request schema", () => {
    expect(keys(quoteRequestSchema)).toEqual(expect.arrayContaining(["user", "amount", "tradeType", "ttl"]));
    expect(uncovered(rows, keys(quoteRequestSchema))).toEqual([]);
  });

  test("POST /price, POST /currencies/v1, GET /intents/status/v3, POST /transactions/index", () => {
    const schemas = {
      price: priceRequestSchema,
      currencies: currenciesRequestSchema,
      status: statusRequestSchema,
      transactionsIndex: transactionsIndexRequestSchema,
    };
    for (const [name, schema] of Object.entries(schemas))
      expect({ name, uncovered: uncovered(rows, keys(schema)) }).toEqual({ name, uncovered: [] });
  });

  test("request statuses, trade types and the webhook event", () => {
    expect(uncovered(rows, [...requestStatuses, ...tradeTypes, ...webhookEvents])).toEqual([]);
  });
});

test("the checks catch what they are for: an empty or unknown verdict, a flag without reason, a missing test, a field without a row", () => {
  const sample = readRows(
    [
      "| capability | devnet | e2e test |",
      "| --- | --- | --- |",
      "| `a|b` and `explicitDeposit: true` | behaves | `packages/devnet/test/capabilityTable.test.ts` |",
      "| `y` |  | — |",
      "| `z` | works | `packages/devnet/test/nothing.test.ts` |",
      "| `{chainId, txHash}` | not simulated | — |",
      "| `w` | behaves (partly) | — |",
      "",
      "| not a table row | behaves | — |",
    ].join("\n"),
  );
  expect(sample.tables).toBe(1);
  expect(sample.rows.map((row) => [row.capability, row.verdict])).toEqual([
    ["`a|b` and `explicitDeposit: true`", "behaves"],
    ["`y`", ""],
    ["`z`", "works"],
    ["`{chainId, txHash}`", "not simulated"],
    ["`w`", "behaves (partly)"],
  ]);
  expect(silentRows(sample.rows)).toEqual([
    'line 4: `y`: verdict ""',
    'line 5: `z`: verdict "works"',
    'line 6: `{chainId, txHash}`: "not simulated" without a reason',
  ]);
  expect(unnamedRows(sample.rows)).toEqual(["line 7: `w`"]);
  expect(missingTests(sample.rows)).toEqual(["line 5: `z`: packages/devnet/test/nothing.test.ts"]);
  expect(uncovered(sample.rows, ["a", "explicitDeposit", "explicit", "chainId", "txHash"])).toEqual([
    "explicit",
    "chainId",
    "txHash",
  ]);
});
