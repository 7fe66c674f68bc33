import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const typedoc = JSON.parse(readFileSync(`${root}typedoc.json`, "utf8")) as {
  entryPoints: string[];
  readme: string;
  projectDocuments: string[];
  treatWarningsAsErrors?: boolean;
  intentionallyNotExported?: string[];
};
const core = JSON.parse(readFileSync(`${root}packages/attestkit/package.json`, "utf8")) as {
  exports: Record<string, unknown>;
};

test("npm run docs: a landing page of its own, and the CLI and Solidity references are pages", () => {
  expect(typedoc.readme).toBe("docs/api-landing.md");
  expect(typedoc.projectDocuments).toEqual(expect.arrayContaining(["docs/cli.md", "docs/solidity.md"]));
});

test("npm run docs: a warning fails it, and no referenced type is left out of the pages", () => {
  // A type the API references but no entry exports is a dead link: export it from its entry.
  expect(typedoc.treatWarningsAsErrors).toBe(true);
  expect(typedoc.intentionallyNotExported ?? []).toEqual([]);
});

test("the landing page is for package users: install, every entry point, the guides; no repository command", () => {
  const landing = readFileSync(`${root}${typedoc.readme}`, "utf8");
  expect(landing).toContain("npm install attestkit viem");
  expect(landing).toMatch(/ES modules/);
  const subpaths = Object.keys(core.exports).filter((subpath) => subpath !== "./package.json");
  expect(subpaths.length).toBeGreaterThan(10);
  for (const subpath of subpaths) {
    const name = subpath === "." ? "attestkit" : `attestkit/${subpath.slice(2)}`;
    // One table row per entry: `| {@link module! attestkit/x} | what |` (or in code for the .sol files).
    expect(landing, name).toMatch(
      new RegExp(`^\\| (\\{@link \\S+ ${name}\\}|\`${name.replace("*", "\\*")}(\\.sol)?\`) \\| \\S`, "m"),
    );
  }
  for (const guide of typedoc.projectDocuments)
    expect(landing, guide).toContain(`](${guide.replace(/^docs\//, "")})`);
  expect(landing).not.toMatch(/npm (test|run)\b|npm ci\b|git clone/);
});

test("every documented module opens with its description and @module tag", () => {
  for (const entry of typedoc.entryPoints) {
    const source = readFileSync(`${root}${entry}`, "utf8");
    const comment = /^(?:\/\/[^\n]*\n)*\/\*\*([\s\S]*?)\*\//.exec(source);
    expect(comment, `${entry} starts with a doc comment`).not.toBeNull();
    const text = comment?.[1] ?? "";
    expect(text, entry).toMatch(/@module \S+/);
    // A sentence of description before the tag, not the tag alone.
    expect(text.split("@module")[0]?.replace(/[\s*]/g, "").length, entry).toBeGreaterThan(40);
  }
});

test("no heading of the pages has a code span: a table of contents shows its whole text", () => {
  for (const page of [typedoc.readme, ...typedoc.projectDocuments]) {
    const text = readFileSync(`${root}${page}`, "utf8").replace(/^```[\s\S]*?^```/gm, "");
    const headings = text.split("\n").filter((line) => /^#{1,6} /.test(line));
    expect(headings.length, page).toBeGreaterThan(0);
    expect(
      headings.filter((line) => line.includes("`")),
      page,
    ).toEqual([]);
  }
});

test("every XParameters type is shown in place where a function takes it (the typedoc plugin)", async () => {
  expect((typedoc as { plugin?: string[] }).plugin).toContain("./scripts/typedoc/expandParameters.mjs");
  const plugin = readFileSync(`${root}scripts/typedoc/expandParameters.mjs`, "utf8");
  expect(plugin).toMatch(/@expand/);
  expect(plugin).toMatch(/Parameters\$/);
});
