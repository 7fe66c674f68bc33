import { createClient, type TrustRoot } from "attestkit/client";

const trustRoot: TrustRoot = {
  chains: [
    {
      id: 8453,
      slug: "base",
      vmType: "ethereum-vm",
      depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
      // Deposit addresses (useDepositAddress): CREATE2 from the factory, salt keccak256(orderId ‖ user).
      depositAddress: { kind: "create2", factory: "0x…", initCodeHash: "0x…" },
    },
  ],
};
const client = createClient({ network: "mainnet", trustRoot });
