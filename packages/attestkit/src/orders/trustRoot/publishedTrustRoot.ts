import type { TrustedChain, TrustRoot } from "./types.js";

/** The EVM depository of most chains. */
const main = "0x4cd00e387622c35bddb9b4c962c136462338bc31";
/** The EVM depository of the chains deployed from the second deployer. */
const second = "0x59916da825d2d2ec1bf878d71c88826f6633ecca";

/**
 * The EVM chains of the published depository table, as `[slug, chain id, depository]`. Source: the
 * service's protocol documentation, "Contracts Addresses" (relayprotocol/relay-docs,
 * `references/protocol/depository/addresses.mdx`), itself generated from the live `GET /chains`.
 */
const evmChains: readonly (readonly [string, number, string])[] = [
  ["ethereum", 1, main],
  ["optimism", 10, main],
  ["cronos", 25, second],
  ["bnb", 56, main],
  ["gnosis", 100, main],
  ["unichain", 130, main],
  ["polygon", 137, main],
  ["sonic", 146, main],
  ["manta", 169, main],
  ["mint", 185, main],
  ["boba", 288, main],
  ["zksync", 324, main],
  ["shape", 360, main],
  ["appchain", 466, main],
  ["worldchain", 480, main],
  ["redstone", 690, main],
  ["flow", 747, main],
  ["hyperevm", 999, main],
  ["metis", 1088, second],
  ["polygon_zkevm", 1101, second],
  ["lisk", 1135, main],
  ["sei", 1329, main],
  ["story", 1514, main],
  ["gravity", 1625, main],
  ["soneium", 1868, main],
  ["swellchain", 1923, main],
  ["sanko", 1996, main],
  ["ronin", 2020, main],
  ["abstract", 2741, main],
  ["morph", 2818, main],
  ["hychain", 2911, second],
  ["mantle", 5000, second],
  ["somnia", 5031, main],
  ["superseed", 5330, main],
  ["cyber", 7560, main],
  ["powerloom", 7869, main],
  ["arena_z", 7897, main],
  ["b3", 8333, main],
  ["base", 8453, main],
  ["onchain_points", 17071, main],
  ["apechain", 33139, main],
  ["funki", 33979, main],
  ["mode", 34443, main],
  ["arbitrum", 42161, main],
  ["arbitrum_nova", 42170, main],
  ["celo", 42220, main],
  ["hemi", 43111, main],
  ["avalanche", 43114, main],
  ["gunz", 43419, main],
  ["zircuit", 48900, main],
  ["superposition", 55244, main],
  ["ink", 57073, main],
  ["linea", 59144, second],
  ["bob", 60808, main],
  ["anime", 69000, main],
  ["berachain", 80094, main],
  ["blast", 81457, main],
  ["plume", 98866, main],
  ["taiko", 167000, second],
  ["syndicate", 510003, main],
  ["scroll", 534352, main],
  ["zero", 543210, "0xa88cf7864951147a08707ed732237eaa9b1c3b9b"],
  ["xai", 660279, main],
  ["katana", 747474, main],
  ["forma", 984122, main],
  ["zora", 7777777, main],
  ["corn", 21000000, main],
  ["degen", 666666666, main],
  ["ancient8", 888888888, main],
  ["rari", 1380012617, main],
];

/**
 * The trust root shipped with attestkit: the live service's chains as its public documentation
 * publishes them (the table above), plus the non-EVM chains whose ids the service documents:
 * Bitcoin (8253038) and Solana (792703809) with their published depositories, and Hyperliquid
 * (1337) and the external exchange (3586256) as destinations only (no depository is published for
 * them: paying on them needs the caller's own entry). No deposit-address rule is published (the
 * factory and its init code are not), so deposit addresses need the caller's rule too.
 *
 * It is data in the package, never refreshed from the service: a caller who trusts another source
 * gives it as `trustRoot` (library) or `--chains-file` (CLI), and its chains replace these by id.
 */
export const publishedTrustRoot: TrustRoot = {
  chains: [
    ...evmChains.map(
      ([slug, id, depository]): TrustedChain => ({ id, slug, vmType: "ethereum-vm", depository }),
    ),
    {
      id: 8253038,
      slug: "bitcoin",
      vmType: "bitcoin-vm",
      depository: "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6",
    },
    {
      id: 792703809,
      slug: "solana",
      vmType: "solana-vm",
      depository: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2",
    },
    { id: 1337, slug: "hyperliquid", vmType: "hyperliquid-vm" },
    { id: 3586256, slug: "lighter", vmType: "lighter-vm" },
  ],
};
