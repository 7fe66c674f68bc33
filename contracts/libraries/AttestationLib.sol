// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";

/// @notice The tuple signed by `GET /requests/{requestId}/signature`, in signing order.
/// @dev Seven static words, so in calldata the struct is 224 contiguous bytes laid out exactly as
/// `abi.encode` of the tuple: hashing it is one `calldatacopy` and one `keccak256`.
/// Addresses are left-padded words (`bytes32(uint256(uint160(addr)))`); non-EVM addresses are
/// whatever 32 bytes the service signed (a Solana key's raw bytes).
struct Attestation {
    bytes32 requestId;
    uint256 originChainId;
    bytes32 originUser;
    bytes32 originCurrency;
    uint256 originAmount;
    uint256 destinationChainId;
    bytes32 destinationUser;
}

/// @notice The tuple signed by `GET /requests/{requestId}/signature/v2`, in signing order.
/// @dev No amount: v2 binds the destination currency instead. Same 224-byte calldata layout.
struct AttestationV2 {
    bytes32 requestId;
    uint256 originChainId;
    bytes32 originUser;
    bytes32 originCurrency;
    uint256 destinationChainId;
    bytes32 destinationUser;
    bytes32 destinationCurrency;
}

/// @notice Hashing, the layout rule and signer recovery for solver attestations, with exactly the
/// rules of the TypeScript verifiers.
/// @author attestkit
/// @dev `digest = keccak256("\x19Ethereum Signed Message:\n32" || keccak256(abi.encode(tuple)))`.
///
/// The layout rule. The v1 and v2 tuples are both seven 32-byte words under the same prefix with
/// no version tag, so the same 224 bytes are a v1 tuple and a v2 tuple at once: without a rule, a
/// `/signature/v2` answer would also verify as a v1 attestation (v2's `destinationChainId` read as
/// v1's `originAmount`, its `destinationUser` as v1's `destinationChainId`, ...) and the reverse.
/// Every verifier therefore accepts a tuple only if, in tuple order:
///   L1. each chain-id word (`originChainId`, `destinationChainId`) is at most `MAX_CHAIN_ID`
///       (2^53 - 1, the largest integer a JSON number holds exactly: no real chain id is larger);
///   L2. each account word (`originUser`, `destinationUser`) is above `MAX_CHAIN_ID` (no real
///       account, EVM or not, is a small integer).
/// Word 5 (counting from 0) is v1's `destinationChainId` (L1: at most 2^53 - 1) and v2's
/// `destinationUser` (L2: above it), so no 224 bytes satisfy both layouts, in either direction.
///
/// The signature rules, checked after the layout rule in this order (the first broken one is
/// reported):
///   1. the signature is exactly 65 bytes `r || s || v` (64-byte EIP-2098 signatures are rejected,
///      because the off-chain verifiers reject them too);
///   2. `v` is 27 or 28, where 0 and 1 are read as 27 and 28;
///   3. `0 < r < n`;
///   4. `s != 0`;
///   5. `s <= n / 2` (solady's ECDSA accepts high `s`; the check here keeps parity with the
///      off-chain verifiers, and means each signer has one signature per digest);
///   6. ecrecover returns a non-zero address.
/// Replay protection must never be keyed on signature bytes: key it on the request id.
library AttestationLib {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         CONSTANTS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The order `n` of the secp256k1 group.
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    /// @dev `n / 2`, rounded down: the largest `s` accepted.
    uint256 internal constant SECP256K1_HALF_N = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @dev The largest chain id of the layout rule (L1), and the largest word an account may NOT
    /// have (L2): 2^53 - 1.
    uint256 internal constant MAX_CHAIN_ID = (1 << 53) - 1;

    /// @dev Result codes of `tryRecover` and `checkLayout`, one per rule; 0 means the rule holds.
    uint256 internal constant OK = 0;
    /// @dev Rule 1: the length is not 65.
    uint256 internal constant ERR_LENGTH = 1;
    /// @dev Rule 2: `v` is not 0, 1, 27 or 28.
    uint256 internal constant ERR_V = 2;
    /// @dev Rule 3: `r` is 0 or not below `n`.
    uint256 internal constant ERR_R = 3;
    /// @dev Rule 4: `s` is 0.
    uint256 internal constant ERR_S = 4;
    /// @dev Rule 5: `s` is above `n / 2`.
    uint256 internal constant ERR_HIGH_S = 5;
    /// @dev Rule 6: ecrecover found no signer (`r` is not the x-coordinate of a curve point).
    uint256 internal constant ERR_UNRECOVERABLE = 6;
    /// @dev Layout rule L1: a chain-id word is above `MAX_CHAIN_ID`.
    uint256 internal constant ERR_CHAIN_ID = 7;
    /// @dev Layout rule L2: an account word is at most `MAX_CHAIN_ID`.
    uint256 internal constant ERR_ACCOUNT = 8;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The signature is not 65 bytes long (rule 1).
    /// @param length The length received.
    error AttestationInvalidSignatureLength(uint256 length);

    /// @dev The signature's `v` is not 0, 1, 27 or 28 (rule 2).
    /// @param v The last byte of the signature, as received.
    error AttestationInvalidSignatureV(uint8 v);

    /// @dev The signature's `r` is 0 or not below the curve order (rule 3).
    /// @param r The `r` received.
    error AttestationInvalidSignatureR(bytes32 r);

    /// @dev The signature's `s` is 0 (rule 4).
    /// @param s The `s` received.
    error AttestationInvalidSignatureS(bytes32 s);

    /// @dev The signature's `s` is above half the curve order: a malleable signature (rule 5).
    /// @param s The `s` received.
    error AttestationHighSignatureS(bytes32 s);

    /// @dev ecrecover found no signer for an otherwise well-formed signature (rule 6).
    /// @param r The `r` received, which is not the x-coordinate of a point on the curve.
    error AttestationUnrecoverableSignature(bytes32 r);

    /// @dev A chain-id word is above 2^53 - 1 (layout rule L1).
    /// @param chainId The chain-id word received.
    error AttestationChainIdOutOfRange(uint256 chainId);

    /// @dev An account word is at most 2^53 - 1, a small integer that no account is (layout rule L2).
    /// @param account The account word received.
    error AttestationAccountOutOfRange(bytes32 account);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        LAYOUT RULE                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Checks the layout rule of a v1 tuple, in tuple order, without reverting: returns `OK`,
    /// `ERR_CHAIN_ID` or `ERR_ACCOUNT` for the first broken rule, and the offending word.
    function tryCheckLayout(Attestation calldata a) internal pure returns (uint256 code, bytes32 word) {
        return _tryCheckLayout(a.originChainId, a.originUser, a.destinationChainId, a.destinationUser);
    }

    /// @dev Checks the layout rule of a v2 tuple, in tuple order, without reverting.
    function tryCheckLayout(AttestationV2 calldata a) internal pure returns (uint256 code, bytes32 word) {
        return _tryCheckLayout(a.originChainId, a.originUser, a.destinationChainId, a.destinationUser);
    }

    /// @dev Reverts with `AttestationChainIdOutOfRange` or `AttestationAccountOutOfRange` for the
    /// first word of a v1 tuple that breaks the layout rule. The common case, every word in range,
    /// costs four calldata loads and one branch (it runs on every payment).
    function checkLayout(Attestation calldata a) internal pure {
        bool broken;
        /// @solidity memory-safe-assembly
        assembly {
            // v1 words 1 and 5 are chain ids, 2 and 6 accounts (offsets 0x20, 0xa0, 0x40, 0xc0).
            broken :=
                or(
                    or(gt(calldataload(add(a, 0x20)), MAX_CHAIN_ID), gt(calldataload(add(a, 0xa0)), MAX_CHAIN_ID)),
                    or(
                        iszero(gt(calldataload(add(a, 0x40)), MAX_CHAIN_ID)),
                        iszero(gt(calldataload(add(a, 0xc0)), MAX_CHAIN_ID))
                    )
                )
        }
        if (broken) {
            (uint256 code, bytes32 word) = tryCheckLayout(a);
            revertWithLayoutCode(code, word);
        }
    }

    /// @dev Reverts like `checkLayout(Attestation)`, for a v2 tuple.
    function checkLayout(AttestationV2 calldata a) internal pure {
        (uint256 code, bytes32 word) = tryCheckLayout(a);
        revertWithLayoutCode(code, word);
    }

    /// @dev Reverts with the custom error for a layout `code`, carrying `word`. Does nothing for `OK`.
    function revertWithLayoutCode(uint256 code, bytes32 word) internal pure {
        if (code == ERR_CHAIN_ID) revert AttestationChainIdOutOfRange(uint256(word));
        if (code == ERR_ACCOUNT) revert AttestationAccountOutOfRange(word);
    }

    /// @dev The four words of the rule in tuple order: chain id, account, chain id, account (the
    /// order is the same in v1 and v2; only the words' positions differ).
    function _tryCheckLayout(uint256 originChainId, bytes32 originUser, uint256 destinationChainId, bytes32 destinationUser)
        private
        pure
        returns (uint256 code, bytes32 word)
    {
        if (originChainId > MAX_CHAIN_ID) return (ERR_CHAIN_ID, bytes32(originChainId));
        if (uint256(originUser) <= MAX_CHAIN_ID) return (ERR_ACCOUNT, originUser);
        if (destinationChainId > MAX_CHAIN_ID) return (ERR_CHAIN_ID, bytes32(destinationChainId));
        if (uint256(destinationUser) <= MAX_CHAIN_ID) return (ERR_ACCOUNT, destinationUser);
        return (OK, 0);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          HASHING                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Returns `keccak256(abi.encode(a))` of a v1 attestation, hashed straight from calldata.
    /// The struct's 7 static words are already `abi.encode`'s layout, so they are copied once into
    /// free memory (not allocated: the free memory pointer is left unchanged) and hashed.
    function hash(Attestation calldata a) internal pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, a, 0xe0) // 7 words * 32 bytes = 224 bytes.
            result := keccak256(m, 0xe0)
        }
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v2 attestation, hashed straight from calldata.
    function hash(AttestationV2 calldata a) internal pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, a, 0xe0) // 7 words * 32 bytes = 224 bytes.
            result := keccak256(m, 0xe0)
        }
    }

    /// @dev Returns the EIP-191 digest of a v1 attestation: what the solver's key signs.
    function digest(Attestation calldata a) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(hash(a));
    }

    /// @dev Returns the EIP-191 digest of a v2 attestation: what the solver's key signs.
    function digest(AttestationV2 calldata a) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(hash(a));
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                  FROM MEMORY (CONSUMERS)                   */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    // For a contract that builds the struct itself (from its own storage or arguments) instead of
    // taking it in calldata: the same rules and results as the calldata functions above.

    /// @dev Checks the layout rule of a v1 tuple held in memory, without reverting (see `tryCheckLayout`).
    function tryCheckLayoutMemory(Attestation memory a) internal pure returns (uint256 code, bytes32 word) {
        return _tryCheckLayout(a.originChainId, a.originUser, a.destinationChainId, a.destinationUser);
    }

    /// @dev Checks the layout rule of a v2 tuple held in memory, without reverting.
    function tryCheckLayoutMemory(AttestationV2 memory a) internal pure returns (uint256 code, bytes32 word) {
        return _tryCheckLayout(a.originChainId, a.originUser, a.destinationChainId, a.destinationUser);
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v1 attestation held in memory.
    function hashMemory(Attestation memory a) internal pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            result := keccak256(a, 0xe0) // A memory struct of 7 static words is abi.encode's layout.
        }
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v2 attestation held in memory.
    function hashMemory(AttestationV2 memory a) internal pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            result := keccak256(a, 0xe0)
        }
    }

    /// @dev Returns the EIP-191 digest of a v1 attestation held in memory: what the solver's key signs.
    function digestMemory(Attestation memory a) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(hashMemory(a));
    }

    /// @dev Returns the EIP-191 digest of a v2 attestation held in memory.
    function digestMemory(AttestationV2 memory a) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(hashMemory(a));
    }

    /// @dev Recovers the signer of `digest_` from a signature held in memory, under the same rules
    /// and with the same result codes as `tryRecover`, without reverting.
    function tryRecoverMemory(bytes32 digest_, bytes memory signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        if (signature.length != 65) return (address(0), ERR_LENGTH);
        uint256 r;
        uint256 s;
        uint256 v;
        /// @solidity memory-safe-assembly
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (v < 2) v += 27;
        if (v != 27 && v != 28) return (address(0), ERR_V);
        if (r == 0 || r >= SECP256K1_N) return (address(0), ERR_R);
        if (s == 0) return (address(0), ERR_S);
        if (s > SECP256K1_HALF_N) return (address(0), ERR_HIGH_S);
        signer = ECDSA.tryRecover(digest_, uint8(v), bytes32(r), bytes32(s));
        if (signer == address(0)) code = ERR_UNRECOVERABLE;
    }

    /// @dev Recovers the signer of `digest_` from a signature held in memory, reverting with the
    /// custom error of the first broken rule (as `recover`).
    function recoverMemory(bytes32 digest_, bytes memory signature) internal view returns (address signer) {
        uint256 code;
        (signer, code) = tryRecoverMemory(digest_, signature);
        if (code == OK) return signer;
        if (code == ERR_LENGTH) revert AttestationInvalidSignatureLength(signature.length);
        bytes32 r;
        bytes32 s;
        /// @solidity memory-safe-assembly
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
        }
        if (code == ERR_V) revert AttestationInvalidSignatureV(uint8(signature[64]));
        if (code == ERR_R) revert AttestationInvalidSignatureR(r);
        if (code == ERR_S) revert AttestationInvalidSignatureS(s);
        if (code == ERR_HIGH_S) revert AttestationHighSignatureS(s);
        revert AttestationUnrecoverableSignature(r);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          RECOVERY                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Recovers the signer of `digest_` under the rules above without reverting.
    /// Returns `(signer, OK)` on success, `(address(0), ERR_*)` naming the first broken rule.
    function tryRecover(bytes32 digest_, bytes calldata signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        uint256 v;
        uint256 r;
        uint256 s;
        /// @solidity memory-safe-assembly
        assembly {
            // Rules 1-5 in order; `code` names the first one broken. Only stack and calldata are
            // touched: this runs on every payment.
            for {} 1 {} {
                if iszero(eq(signature.length, 65)) {
                    code := ERR_LENGTH
                    break
                }
                r := calldataload(signature.offset) // Bytes 0-31.
                s := calldataload(add(signature.offset, 0x20)) // Bytes 32-63.
                v := byte(0, calldataload(add(signature.offset, 0x40))) // Byte 64, the last one.
                // 0 and 1 are raw recovery ids (some signers emit them), read as 27 and 28.
                v := add(v, mul(lt(v, 2), 27))
                if iszero(or(eq(v, 27), eq(v, 28))) {
                    code := ERR_V
                    break
                }
                if iszero(mul(r, lt(r, SECP256K1_N))) {
                    code := ERR_R
                    break
                }
                if iszero(s) {
                    code := ERR_S
                    break
                }
                if gt(s, SECP256K1_HALF_N) { code := ERR_HIGH_S }
                break
            }
        }
        if (code != OK) return (address(0), code);
        // Rule 6: the ecrecover itself, through solady (which returns zero when it fails).
        signer = ECDSA.tryRecover(digest_, uint8(v), bytes32(r), bytes32(s));
        if (signer == address(0)) code = ERR_UNRECOVERABLE;
    }

    /// @dev Recovers the signer of `digest_`, reverting with the custom error of the first broken rule.
    function recover(bytes32 digest_, bytes calldata signature) internal view returns (address signer) {
        uint256 code;
        (signer, code) = tryRecover(digest_, signature);
        if (code != OK) revertWithCode(code, signature);
    }

    /// @dev Reverts with the custom error for `code` (a non-zero result of `tryRecover`), carrying
    /// the offending value read back from `signature`. Does nothing for `OK`.
    function revertWithCode(uint256 code, bytes calldata signature) internal pure {
        if (code == OK) return;
        if (code == ERR_LENGTH) revert AttestationInvalidSignatureLength(signature.length);
        // Every other code implies a 65-byte signature, so these reads are in bounds.
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        if (code == ERR_V) revert AttestationInvalidSignatureV(uint8(signature[64]));
        if (code == ERR_R) revert AttestationInvalidSignatureR(r);
        if (code == ERR_S) revert AttestationInvalidSignatureS(s);
        if (code == ERR_HIGH_S) revert AttestationHighSignatureS(s);
        revert AttestationUnrecoverableSignature(r);
    }
}
