// Every way a man in the middle can change a quote answer without the solver's key: each leaf
// replaced by an attacker's value of its kind, each item and step duplicated, dropped or moved, and
// inside a PSBT each output redirected, raised, dropped or duplicated.

import { keccak256, toHex } from "viem";
import { toOutputScript } from "../../packages/attestkit/src/chains/bitcoin/toOutputScript.js";
import { attacker, attackerAccount, attackerBitcoin, type Json, rebuildPsbt } from "./guardAttack.js";

/** One changed copy of a quote, and what was changed. */
export type QuoteMutation = { name: string; quote: Json };

/**
 * How many mutations to make. `full`: every attacker value of every leaf, every structural change.
 * `quick` (what `npm test` runs): every leaf of the steps, of the order and of the quote's amounts with
 * its first attacker value, one in twenty of the other leaves (the descriptive details and fees), and
 * every duplication, drop and move of a step or an item; `npm run test:mutations` runs the full set.
 */
export type MutationDepth = "quick" | "full";

/** The leaves a quick run mutates in full: where the money is decided. */
const moneyPaths = /^(steps|protocol|details\.currency(In|Out)\.amount|requestId)/;

type Path = (string | number)[];

/** Every leaf of a JSON value (string, number, boolean, null), with its path. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  return [{ path, value }];
}

function setAt(root: Json, path: Path, value: unknown): Json {
  const copy = structuredClone(root);
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1) as string | number] = value;
  return copy;
}

/** The attacker's values for a leaf, by what it looks like. */
function attackerValues(value: unknown): unknown[] {
  if (typeof value === "boolean") return [!value];
  if (typeof value === "number") return [value + 1, 0];
  if (value === null) return ["attacker"];
  const text = String(value);
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return [attacker];
  if (/^0x[0-9a-fA-F]{64}$/.test(text)) return [keccak256(toHex(`attacker ${text}`))];
  if (/^0x([0-9a-fA-F]{2})+$/.test(text)) return [`${text.slice(0, -2)}${text.endsWith("00") ? "01" : "00"}`];
  if (/^[0-9]+$/.test(text)) return [(BigInt(text) + 1n).toString(), text === "0" ? attackerAccount : "0"];
  if (/^(bc1|tb1|[13])[0-9a-zA-Z]{20,}$/.test(text)) return [attackerBitcoin];
  return ["attacker"];
}

/** The changes a PSBT's outputs can take: each redirected, raised by one, dropped or duplicated. */
function psbtMutations(psbt: string): { name: string; psbt: string }[] {
  const script = toOutputScript({ address: attackerBitcoin });
  const count = rebuildPsbtOutputs(psbt);
  const out: { name: string; psbt: string }[] = [];
  for (let i = 0; i < count; i++) {
    const at = (
      change: (output: { script: Uint8Array; amount: bigint }) => { script: Uint8Array; amount: bigint }[],
    ) =>
      rebuildPsbt(psbt, (outputs) => outputs.flatMap((output, j) => (j === i ? change(output) : [output])));
    out.push(
      { name: `output ${i} to the attacker`, psbt: at((o) => [{ ...o, script }]) },
      { name: `output ${i} plus one`, psbt: at((o) => [{ ...o, amount: o.amount + 1n }]) },
      { name: `output ${i} dropped`, psbt: at(() => []) },
      { name: `output ${i} twice`, psbt: at((o) => [o, o]) },
    );
  }
  out.push({
    name: "an attacker's output added",
    psbt: rebuildPsbt(psbt, (o) => [...o, { script, amount: 1000n }]),
  });
  return out;
}

function rebuildPsbtOutputs(psbt: string): number {
  let count = 0;
  rebuildPsbt(psbt, (outputs) => {
    count = outputs.length;
    return outputs;
  });
  return count;
}

/**
 * Every mutation of a quote answer a man in the middle can make: each leaf (the steps, the details,
 * the fees, the order and its signature) replaced by an attacker's value; each item and each step
 * duplicated, dropped and moved to the front; and for a PSBT item, each of its outputs changed.
 *
 * @param quote - The genuine quote answer (JSON).
 * @returns The mutated copies, each named.
 */
export function quoteMutations(quote: Json, depth: MutationDepth = "full"): QuoteMutation[] {
  const mutations: QuoteMutation[] = [];
  let other = 0;
  for (const { path, value } of leaves(quote)) {
    const where = path.join(".");
    const money = moneyPaths.test(where);
    if (depth === "quick" && !money && other++ % 20 !== 0) continue;
    if (typeof value === "string" && /^70736274ff/i.test(value))
      for (const { name, psbt } of psbtMutations(value))
        mutations.push({ name: `${where}: ${name}`, quote: setAt(quote, path, psbt) });
    else
      for (const replaced of attackerValues(value).slice(0, depth === "quick" ? 1 : undefined))
        mutations.push({ name: `${where} = ${String(replaced)}`, quote: setAt(quote, path, replaced) });
  }
  const steps = quote.steps as Json[];
  steps.forEach((step, s) => {
    const withSteps = (next: Json[]) => ({ ...structuredClone(quote), steps: next });
    mutations.push(
      {
        name: `step ${s} twice`,
        quote: withSteps(
          [...steps.slice(0, s + 1), step, ...steps.slice(s + 1)].map((x) => structuredClone(x)),
        ),
      },
      { name: `step ${s} dropped`, quote: withSteps(steps.filter((_, i) => i !== s)) },
      { name: `step ${s} first`, quote: withSteps([step, ...steps.filter((_, i) => i !== s)]) },
    );
    (step.items as Json[]).forEach((item, i) => {
      const withItems = (items: Json[]) =>
        withSteps(
          steps.map((other, k) => (k === s ? { ...structuredClone(other), items } : structuredClone(other))),
        );
      const items = step.items as Json[];
      mutations.push(
        {
          name: `step ${s} item ${i} twice`,
          quote: withItems([...items.slice(0, i + 1), item, ...items.slice(i + 1)]),
        },
        { name: `step ${s} item ${i} dropped`, quote: withItems(items.filter((_, k) => k !== i)) },
        { name: `step ${s} item ${i} first`, quote: withItems([item, ...items.filter((_, k) => k !== i)]) },
        {
          name: `step ${s} item ${i} moved to its own step`,
          quote: withSteps([
            ...steps.map((x) => structuredClone(x)),
            { ...structuredClone(step), items: [item] },
          ]),
        },
      );
    });
  });
  return mutations;
}

/** Every leaf of a `GET /chains` answer replaced by an attacker's value. */
export function chainsMutations(chains: Json, depth: MutationDepth = "full"): QuoteMutation[] {
  return leaves(chains)
    .filter((_, i) => depth === "full" || i % 10 === 0)
    .flatMap(({ path, value }) =>
      attackerValues(value).map((replaced) => ({
        name: `chains.${path.join(".")} = ${String(replaced)}`,
        quote: setAt(chains, path, replaced),
      })),
    );
}
