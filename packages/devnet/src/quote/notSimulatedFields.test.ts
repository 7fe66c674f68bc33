import { describe, expect, test } from "vitest";
import { requestSchemas } from "../../../attestkit/src/schemas/requests.js";
import { listNotSimulatedFields, quoteFieldSimulation } from "./notSimulatedFields.js";

const shapeOf = (schema: unknown) => Object.keys((schema as { shape: Record<string, unknown> }).shape).sort();

describe("every quote field is either simulated or listed", () => {
  test("default: the table has exactly the fields of the quote schema, and the price schema's are among them", () => {
    expect(Object.keys(quoteFieldSimulation).sort()).toEqual(shapeOf(requestSchemas.quote));
    for (const field of shapeOf(requestSchemas.price))
      expect(quoteFieldSimulation, field).toHaveProperty(field);
  });

  const base = {
    user: "0x1",
    amount: "1",
    tradeType: "EXACT_INPUT",
    originChainId: 1,
    destinationChainId: 2,
  };
  const rows: [string, Record<string, unknown>, string[]][] = [
    ["nothing but simulated fields", { ...base, refundTo: "0x2", slippageTolerance: "50", ttl: 60 }, []],
    ["an ignored flag set", { ...base, useSharedAccounts: true, topupGas: true }, ["useSharedAccounts"]],
    [
      "a flag at its default asks for nothing",
      { ...base, useSharedAccounts: false, includeComputeUnitLimit: false },
      [],
    ],
    [
      "explicitDeposit: false (direct transfers), forceSolverExecution and swap sources behave",
      { ...base, explicitDeposit: false, forceSolverExecution: true, includedSwapSources: ["devnet-amm"] },
      [],
    ],
    [
      "explicitDeposit: true and refundOnOrigin (always on the origin) behave",
      { ...base, explicitDeposit: true, refundOnOrigin: false },
      [],
    ],
    [
      "a value field is listed whatever its value",
      { ...base, maxRouteLength: 0, depositFeePayer: "" },
      ["maxRouteLength", "depositFeePayer"],
    ],
    [
      "EIP-7702 authorizations, originGasOverhead and additionalData behave",
      { ...base, authorizationList: [], originGasOverhead: 1000, additionalData: { userPublicKey: "02ab" } },
      [],
    ],
    ["undefined is absent", { ...base, depositFeePayer: undefined }, []],
    [
      "a field the table does not know (never validated) is not reported here",
      { ...base, surprise: true },
      [],
    ],
  ];
  test.each(rows)("%s", (_, body, expected) => {
    expect(listNotSimulatedFields(body)).toEqual(expected);
  });
});

test("what the devnet never simulates: Solana's fields (rent among the sponsored components)", () => {
  const flagged = Object.entries(quoteFieldSimulation)
    .filter(([, rule]) => rule !== "behaves")
    .map(([field]) => field);
  expect(flagged.sort()).toEqual(
    [
      "sponsoredFeeComponents",
      "subsidizeRent",
      "depositFeePayer",
      "maxRouteLength",
      "useSharedAccounts",
      "includeComputeUnitLimit",
    ].sort(),
  );
});

test("a route's own unsimulated fields are listed when they ask for something, in the body's order", () => {
  const body = {
    user: "bc1q",
    appFees: [],
    subsidizeFees: true,
    topupGas: false,
    forceSolverExecution: true,
    sponsoredFeeComponents: ["relay"],
  };
  expect(
    listNotSimulatedFields(body, ["appFees", "subsidizeFees", "topupGas", "sponsoredFeeComponents"]),
    // forceSolverExecution behaves everywhere: every such route is executed by the solver.
  ).toEqual(["subsidizeFees", "sponsoredFeeComponents"]);
});
