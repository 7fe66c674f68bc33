import { expect, test } from "vitest";
import { defaultSolvers } from "../attestation/constants.js";
import { resolveSolvers } from "./resolveSolvers.js";

const devnetSolver = "0xA8893c8Ba6c8ffB1032FfB7b0a13d510fc7e9BfD";
/** A fetch that answers every GET /devnet/info with a devnet's solver, and records who was asked. */
const claimingDevnet = (asked: string[]) =>
  (async (url: string | URL | Request) => {
    asked.push(String(url));
    return new Response(JSON.stringify({ solver: { address: devnetSolver } }), { status: 200 });
  }) as typeof fetch;

test("default: a devnet on a loopback address names its own solver", async () => {
  const asked: string[] = [];
  for (const api of [
    "http://127.0.0.1:8787",
    "http://localhost:8787/",
    "http://127.5.6.7:1",
    "http://[::1]:8787",
  ])
    expect(await resolveSolvers({ api, fetch: claimingDevnet(asked) })).toEqual({
      solvers: [devnetSolver],
      source: "devnet",
      from: `${api.replace(/\/$/, "")}/devnet/info`,
    });
  expect(asked).toHaveLength(4);
});

test("a remote service that calls itself a devnet is never asked: the live solver stands", async () => {
  const asked: string[] = [];
  for (const api of [
    "https://api.relay.link",
    "https://evil.example",
    "http://10.0.0.1:8787",
    "http://127.0.0.1.evil.example",
  ])
    expect(await resolveSolvers({ api, fetch: claimingDevnet(asked) })).toEqual({
      solvers: [...defaultSolvers],
      source: "default",
    });
  expect(asked).toEqual([]);
});

test("--solver wins over everything", async () => {
  const asked: string[] = [];
  const solver = ["0x1111111111111111111111111111111111111111"];
  expect(
    await resolveSolvers({ solver, api: "http://127.0.0.1:8787", fetch: claimingDevnet(asked) }),
  ).toEqual({
    solvers: solver,
    source: "flag",
  });
  expect(asked).toEqual([]);
});
