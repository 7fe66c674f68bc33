// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";

/// @notice A minimal ERC-1271 smart-account solver for tests and the local devnet: a signature is
/// valid when its `signer` key signed the given hash directly.
/// @author attestkit
contract DevnetContractSolver {
    /// @notice The key whose signatures this account accepts.
    address public immutable signer;

    /// @dev The signer is the zero address: recovery of garbage returns zero, so such an account
    /// would accept any signature.
    error ZeroSigner();

    /// @param signer_ The accepted key (not zero).
    constructor(address signer_) {
        if (signer_ == address(0)) revert ZeroSigner();
        signer = signer_;
    }

    /// @notice ERC-1271: returns the magic value `0x1626ba7e` when `signer` signed `hash`.
    /// @param hash The hash that was signed (receivers pass the attestation's EIP-191 digest).
    /// @param signature The signature.
    /// @return magic `0x1626ba7e` if valid, `0xffffffff` otherwise.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4 magic) {
        // `signer` is never zero, so a failed recovery (zero) never matches.
        return ECDSA.tryRecoverCalldata(hash, signature) == signer ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
