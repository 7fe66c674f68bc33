// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Attestation, AttestationV2, AttestationLib} from "./libraries/AttestationLib.sol";

/// @notice Stateless attestation checks for `eth_call` pre-checks and audits: the same hashing,
/// layout rule and signature rules that receivers enforce, with nothing stored and nothing to
/// configure.
/// @author attestkit
/// @dev `recoverSigner*` revert with the `AttestationLib` custom error of the first broken rule
/// (the layout rule first, in tuple order, then the signature rules); `isValid*` never revert on a
/// layout or signature problem and return false instead. The layout rule is what keeps a v2
/// signature from verifying as a v1 attestation and the reverse (see `AttestationLib`), so the
/// hashes and digests are only handed out for tuples that hold it: `hashAttestation*` and
/// `digestAttestation*` revert with the layout error otherwise, and no caller can feed ecrecover
/// the digest of a tuple that is also the other layout's. Only ECDSA (EOA)
/// solvers are checked here, exactly like the off-chain verifiers; a receiver additionally accepts
/// ERC-1271 contract solvers from its own solver set.
contract AttestationVerifier {
    /// @notice Returns the solver that signed a v1 attestation.
    /// @dev Reverts with `AttestationChainIdOutOfRange` or `AttestationAccountOutOfRange` (layout
    /// rule), then `AttestationInvalidSignatureLength`, `AttestationInvalidSignatureV`,
    /// `AttestationInvalidSignatureR`, `AttestationInvalidSignatureS`, `AttestationHighSignatureS`
    /// or `AttestationUnrecoverableSignature`.
    /// @param a The signed tuple, fields in signing order.
    /// @param signature 65 bytes `r || s || v` over the EIP-191 digest of `keccak256(abi.encode(a))`.
    /// @return The recovered signer, never the zero address.
    function recoverSigner(Attestation calldata a, bytes calldata signature) external view returns (address) {
        return AttestationLib.recover(AttestationLib.digest(a), signature);
    }

    /// @notice Tells whether `solver` signed a v1 attestation under the layout and signature rules.
    /// @param a The signed tuple, fields in signing order.
    /// @param signature The solver's signature.
    /// @param solver The expected signer; the zero address is never valid.
    /// @return True if the tuple follows the layout rule, the signature is well formed and it
    /// recovers to `solver`.
    function isValid(Attestation calldata a, bytes calldata signature, address solver)
        external
        view
        returns (bool)
    {
        return AttestationLib.isValid(a, signature, solver);
    }

    /// @notice Returns the solver that signed a v2 attestation (`/signature/v2`).
    /// @dev Reverts like `recoverSigner`.
    /// @param a The signed v2 tuple, fields in signing order.
    /// @param signature 65 bytes `r || s || v`.
    /// @return The recovered signer, never the zero address.
    function recoverSignerV2(AttestationV2 calldata a, bytes calldata signature) external view returns (address) {
        return AttestationLib.recover(AttestationLib.digest(a), signature);
    }

    /// @notice Tells whether `solver` signed a v2 attestation under the layout and signature rules.
    /// @param a The signed v2 tuple, fields in signing order.
    /// @param signature The solver's signature.
    /// @param solver The expected signer; the zero address is never valid.
    /// @return True if the tuple follows the layout rule, the signature is well formed and it
    /// recovers to `solver`.
    function isValidV2(AttestationV2 calldata a, bytes calldata signature, address solver)
        external
        view
        returns (bool)
    {
        return AttestationLib.isValid(a, signature, solver);
    }

    /// @notice Returns `keccak256(abi.encode(a))`: the 32-byte message the solver signs.
    /// @dev Reverts with `AttestationChainIdOutOfRange` or `AttestationAccountOutOfRange` when the
    /// tuple breaks the layout rule (so do the three below).
    /// @param a The signed tuple.
    /// @return The attestation hash.
    function hashAttestation(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    /// @notice Returns the EIP-191 digest of a v1 attestation: what ecrecover sees.
    /// @param a The signed tuple.
    /// @return The digest.
    function digestAttestation(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }

    /// @notice Returns `keccak256(abi.encode(a))` of a v2 attestation.
    /// @param a The signed v2 tuple.
    /// @return The attestation hash.
    function hashAttestationV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    /// @notice Returns the EIP-191 digest of a v2 attestation.
    /// @param a The signed v2 tuple.
    /// @return The digest.
    function digestAttestationV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }
}
