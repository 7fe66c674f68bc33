import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { devnetContracts, renderArtifactModule } from "./renderArtifactModule.js";

// The global test setup has just built the contracts: the committed modules must match that build.
const root = fileURLToPath(new URL("../../../", import.meta.url));

test.each(devnetContracts)(
  "$name matches a fresh build (run `npx tsx scripts/export-artifacts.ts` if not)",
  async ({ name, artifact }) => {
    const prefix = name[0]?.toLowerCase() + name.slice(1);
    const committed = (await import(`./${name}.js`)) as Record<string, unknown>;
    const fresh = await import(
      `data:text/javascript,${encodeURIComponent(renderArtifactModule({ root, name, artifact }).replace(" as const", "").replace(" as const", ""))}`
    );
    expect(committed[`${prefix}Abi`]).toEqual(fresh[`${prefix}Abi`]);
    expect(committed[`${prefix}Bytecode`]).toBe(fresh[`${prefix}Bytecode`]);
    expect(String(committed[`${prefix}Bytecode`])).toMatch(/^0x[0-9a-f]{100,}$/);
  },
);
