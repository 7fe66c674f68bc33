/** A Bitcoin network whose address prefixes are known (signet shares testnet's). */
export type BitcoinNetwork = "mainnet" | "testnet" | "regtest";

/** The standard output types accepted as addresses. */
export type BitcoinAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr";

/** An integer amount: a bigint, a safe integer number, or a string of decimal digits. */
export type IntegerLike = bigint | number | string;
