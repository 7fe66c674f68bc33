// The whole TypeScript programs of the README and the guides (docs/guides/), each as a file of
// test/readmePrograms/ exactly as the page shows it, so that `npm run typecheck` compiles them with
// the project (one compiler run for everything, with the project's strict settings) and
// test/examples/readmeBlocks.test.ts holds the files equal to the pages. An excerpt of an example
// (first line `// From examples/<file>.ts:`) is not a program: that test holds it to its example.
//
//   npx tsx test/support/readmePrograms.ts   (writes the files again from the pages)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the programs are kept, from the repository's root. */
export const readmeProgramsFolder = "test/readmePrograms";

/** The first line of an excerpt of an example. */
export const excerptMarker = /^\/\/ From (examples\/[\w.]+\.ts):$/;

/** One program: its file name in the folder, the page and line it stands at, its text. */
export type ReadmeProgram = { file: string; at: string; body: string };

/**
 * The programs of the README and of every guide, in page order: each ```ts block that is not an
 * excerpt, named after its page and its place among the page's programs (`README-1.ts`,
 * `docs-guides-backend-2.ts`), so that an edit above a block renames nothing.
 *
 * @param root - The repository's root.
 * @returns The programs.
 */
export function readmePrograms(root: string): ReadmeProgram[] {
  const guides = readdirSync(join(root, "docs/guides"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/guides/${name}`);
  return ["README.md", ...guides].flatMap((page) => {
    const text = readFileSync(join(root, page), "utf8");
    const slug = page.replace(/\.md$/, "").replace(/\W+/g, "-");
    return [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
      .filter((match) => !excerptMarker.test((match[1] as string).split("\n")[0] ?? ""))
      .map((match, index) => ({
        file: `${slug}-${index + 1}.ts`,
        at: `${page}:${text.slice(0, match.index).split("\n").length}`,
        body: match[1] as string,
      }));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const folder = join(root, readmeProgramsFolder);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const programs = readmePrograms(root);
  for (const { file, body } of programs) writeFileSync(join(folder, file), body);
  console.log(`wrote ${programs.length} programs to ${readmeProgramsFolder}/`);
}
