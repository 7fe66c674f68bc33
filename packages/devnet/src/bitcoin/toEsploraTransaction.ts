import { hex } from "@scure/base";
import { classifyOutputScript } from "./classifyOutputScript.js";
import { toScriptAsm } from "./toScriptAsm.js";
import type { BitcoinTransactionRecord, BitcoinTransactionStatus } from "./types.js";

/** Esplora's transaction status: confirmed with its block, or `{confirmed: false}` in the mempool. */
export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number };

/** Esplora's output shape (`vout[]` and `vin[].prevout`). */
export type EsploraOutput = {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  /** Absent for OP_RETURN and unknown scripts. */
  scriptpubkey_address?: string;
  value: number;
};

/** Esplora's input shape. */
export type EsploraInput = {
  txid: string;
  vout: number;
  /** Null for the coinbase input. */
  prevout: EsploraOutput | null;
  scriptsig: string;
  scriptsig_asm: string;
  /** Absent when the input has no witness. */
  witness?: string[];
  is_coinbase: boolean;
  sequence: number;
};

/** Esplora's transaction shape (`GET /tx/:txid`). */
export type EsploraTransaction = {
  txid: string;
  version: number;
  locktime: number;
  vin: EsploraInput[];
  vout: EsploraOutput[];
  size: number;
  weight: number;
  fee: number;
  status?: EsploraStatus;
};

/**
 * A transaction status in Esplora's shape.
 *
 * @param status - The chain's status.
 * @returns `{confirmed: true, block_height, block_hash, block_time}` or `{confirmed: false}`.
 */
export function toEsploraStatus(status: BitcoinTransactionStatus): EsploraStatus {
  return status.confirmed
    ? {
        confirmed: true,
        block_height: status.blockHeight,
        block_hash: status.blockHash,
        block_time: status.blockTime,
      }
    : { confirmed: false };
}

/**
 * An output in Esplora's shape: script hex and assembly, type, address, value in satoshis.
 *
 * @param output - Script and value.
 * @returns The output. {@link EsploraOutput}
 */
function toEsploraOutput({ script, value }: { script: Uint8Array; value: bigint }): EsploraOutput {
  const { type, address } = classifyOutputScript(script);
  return {
    scriptpubkey: hex.encode(script),
    scriptpubkey_asm: toScriptAsm(script),
    scriptpubkey_type: type,
    ...(address !== undefined ? { scriptpubkey_address: address } : {}),
    value: Number(value),
  };
}

/**
 * A transaction in Esplora's shape (`GET /tx/:txid`, `GET /address/:address/txs`): inputs with their
 * prevouts, outputs, sizes, fee and, unless left out (`GET /block/:hash/txs`), the status.
 *
 * @param record - The chain's record.
 * @param options - `withStatus: false` leaves the status out.
 * @returns The transaction. {@link EsploraTransaction}
 */
export function toEsploraTransaction(
  record: BitcoinTransactionRecord,
  { withStatus = true }: { withStatus?: boolean } = {},
): EsploraTransaction {
  const { transaction } = record;
  const vin = transaction.inputs.map((input, index): EsploraInput => {
    const witness = transaction.witnesses?.[index] ?? [];
    const prevout = record.prevouts[index];
    return {
      txid: hex.encode(input.txid),
      vout: input.index,
      prevout: record.coinbase || !prevout ? null : toEsploraOutput(prevout),
      scriptsig: hex.encode(input.finalScriptSig),
      scriptsig_asm: toScriptAsm(input.finalScriptSig),
      ...(witness.length > 0 ? { witness: witness.map((item) => hex.encode(item)) } : {}),
      is_coinbase: record.coinbase,
      sequence: input.sequence,
    };
  });
  return {
    txid: record.txid,
    version: transaction.version,
    locktime: transaction.lockTime,
    vin,
    vout: transaction.outputs.map((output) =>
      toEsploraOutput({ script: output.script, value: output.amount }),
    ),
    size: record.size,
    weight: record.weight,
    fee: Number(record.fee),
    ...(withStatus ? { status: toEsploraStatus(record.status) } : {}),
  };
}
