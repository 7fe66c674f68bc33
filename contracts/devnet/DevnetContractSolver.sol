// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";

/// @notice A minimal ERC-1271 smart-account solver for tests and the local devnet: a signature is
/// valid when its `signer` key signed the given hash directly.
/// @author attestkit
contract DevnetContractSolver {
    /// @notice The key whose signatures this account accepts.
    address public immutable signer;

    /// @param signer_ The accepted key.
    constructor(address signer_) {
        signer = signer_;
    }

    /// @notice ERC-1271: returns the magic value `0x1626ba7e` when `signer` signed `hash`.
    /// @param hash The hash that was signed (receivers pass the attestation's EIP-191 digest).
    /// @param signature The signature.
    /// @return magic `0x1626ba7e` if valid, `0xffffffff` otherwise.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4 magic) {
        return ECDSA.tryRecoverCalldata(hash, signature) == signer ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
