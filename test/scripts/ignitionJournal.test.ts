import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address } from "viem";
import { expect, test } from "vitest";
import { StaleDeploymentError } from "../../packages/attestkit/src/deploy/errors.js";
import { checkJournal, readCreationHashes } from "../../scripts/deploy/ignitionJournal.js";
import { makeTempDir } from "../support/tempDir.js";

const live = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const gone = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
/** A chain that holds code only at `live`. */
const publicClient = {
  getCode: async ({ address }: { address: Address }) => (address === live ? ("0x6080" as const) : undefined),
};

function journal(addresses: Record<string, string>): string {
  const dir = join(makeTempDir("journal"), "chain-x");
  mkdirSync(dir);
  writeFileSync(join(dir, "deployed_addresses.json"), JSON.stringify(addresses));
  return dir;
}

test("no journal, or one whose contracts all have code: nothing to do", async () => {
  const none = join(tmpdir(), "attestkit-journal-none");
  expect(await checkJournal({ publicClient, chainId: 1, deploymentDir: none, deploymentId: "x" })).toBe(
    "fresh",
  );
  expect(await checkJournal({ publicClient, chainId: 1, deploymentDir: undefined, deploymentId: "x" })).toBe(
    "fresh",
  );
  const dir = journal({ "A#A": live });
  expect(await checkJournal({ publicClient, chainId: 8453, deploymentDir: dir, deploymentId: "x" })).toBe(
    "current",
  );
  expect(existsSync(dir)).toBe(true);
});

test("a recorded contract without code on a real chain: refused, naming it and what to do; the journal is kept", async () => {
  const dir = journal({ "A#A": live, "B#B": gone });
  const refused = checkJournal({
    publicClient,
    chainId: 8453,
    deploymentDir: dir,
    deploymentId: "chain-8453",
  });
  await expect(refused).rejects.toBeInstanceOf(StaleDeploymentError);
  await expect(refused).rejects.toMatchObject({
    shortMessage: `The deployment chain-8453 records B#B at ${gone}, but chain 8453 has no code there.`,
    missing: [{ futureId: "B#B", address: gone }],
  });
  const error = (await refused.catch((e: unknown) => e)) as StaleDeploymentError;
  expect(error.metaMessages.join("\n")).toContain("ATTESTKIT_DEPLOYMENT_ID=<new id>");
  expect(existsSync(dir)).toBe(true);
});

test("the same on a local chain (31337): the journal is deleted with a notice", async () => {
  const dir = journal({ "B#B": gone });
  const notices: string[] = [];
  expect(
    await checkJournal({
      publicClient,
      chainId: 31337,
      deploymentDir: dir,
      deploymentId: "chain-31337",
      onNotice: (message) => notices.push(message),
    }),
  ).toBe("reset");
  expect(existsSync(dir)).toBe(false);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatch(
    /^notice: the deployment chain-31337 recorded contracts that chain 31337 no longer holds/,
  );
});

test("creation hashes are read from the journal's confirmed transactions", () => {
  const dir = journal({});
  const hash = `0x${"ab".repeat(32)}`;
  writeFileSync(
    join(dir, "journal.jsonl"),
    [
      JSON.stringify({ type: "DEPLOYMENT_INITIALIZE", chainId: 1 }),
      JSON.stringify({ type: "TRANSACTION_CONFIRM", hash, receipt: { contractAddress: live } }),
    ].join("\n"),
  );
  expect(readCreationHashes(dir)).toEqual(new Map([[live.toLowerCase(), hash]]));
});
