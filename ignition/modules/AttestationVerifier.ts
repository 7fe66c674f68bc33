import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

/** The stateless verifier: no parameters. */
export default buildModule("AttestationVerifier", (m) => {
  const verifier = m.contract("AttestationVerifier");
  return { verifier };
});
