import { expect, test } from "vitest";
import { DevnetRuntimeError, importHardhatRuntime } from "./importHardhatRuntime.js";

const binding = `@nomicfoundation/edr-${process.platform}-${process.arch}${process.platform === "linux" ? "-gnu" : ""}`;
const failWith = (error: unknown) => () => Promise.reject(error);

test("default: on this Node.js, Hardhat's runtime loads", async () => {
  const hre = await importHardhatRuntime();
  expect(typeof hre.createHardhatRuntimeEnvironment).toBe("function");
});

test("an older Node.js is refused before anything is loaded, naming the version and what runs on it", async () => {
  let loaded = false;
  const refused = importHardhatRuntime({
    nodeVersion: "20.19.0",
    load: async () => {
      loaded = true;
      return {} as never;
    },
  });
  await expect(refused).rejects.toBeInstanceOf(DevnetRuntimeError);
  await expect(refused).rejects.toThrow(
    "The devnet needs Node.js >= 22.13.0 (Hardhat 3); this is Node.js 20.19.0.",
  );
  expect(loaded).toBe(false);
  // The edge: 22.12.9 is refused, 22.13.0 goes on to load.
  await expect(
    importHardhatRuntime({ nodeVersion: "22.12.9", load: async () => ({}) as never }),
  ).rejects.toThrow(DevnetRuntimeError);
  await expect(
    importHardhatRuntime({ nodeVersion: "22.13.0", load: async () => ({ ok: 1 }) as never }),
  ).resolves.toEqual({ ok: 1 });
});

test("hardhat not installed: the install command, not a resolution error", async () => {
  const missing = Object.assign(
    new Error("Cannot find package 'hardhat' imported from /x/dist/devnet/chains/createDevnetChains.js"),
    {
      code: "ERR_MODULE_NOT_FOUND",
    },
  );
  const error = await importHardhatRuntime({ load: failWith(missing) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DevnetRuntimeError);
  expect((error as DevnetRuntimeError).metaMessages).toEqual([
    `Install it beside @attestkit/devnet: npm install --save-dev hardhat@^3.17.0 ${binding}`,
  ]);
});

test("the native EDR binding missing: the binding's package is named", async () => {
  const native = new Error("Cannot find native binding. npm has a bug related to optional dependencies");
  const error = await importHardhatRuntime({ load: failWith(native) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DevnetRuntimeError);
  expect((error as DevnetRuntimeError).metaMessages).toEqual([
    `Install it beside attestkit: npm install --save-dev ${binding}`,
  ]);
});

test("any other failure is passed through as it is", async () => {
  const other = new TypeError("boom");
  await expect(importHardhatRuntime({ load: failWith(other) })).rejects.toBe(other);
});
