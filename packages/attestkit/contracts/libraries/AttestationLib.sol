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
///   6. ecrecover returns a non-zero address;
///   7. (`verify`, `isValid`, `tryVerify` only) the recovered signer is the expected one.
/// Replay protection must never be keyed on signature bytes: key it on the request id.
///
/// Safe by construction. A digest is only as safe as the tuple it was taken of, so no function
/// here hands out the hash or digest of a tuple that breaks the layout rule: `hash`, `digest`,
/// `hashMemory` and `digestMemory` check it first and revert with its error (the unchecked hashing
/// is private). `recover(digest(a), signature)`, the composition an integrator writes, therefore
/// cannot verify a `/signature/v2` answer read as v1. The one call that does the whole check is
/// `verify(a, signature, signer)`: it reverts with the error of the first broken rule, so a caller
/// cannot forget to look at a result. `isValid` is the same check as a `bool` (OpenZeppelin's
/// `SignatureChecker.isValidSignatureNow`), `tryVerify` returns the code of the first broken rule;
/// each has a `*Memory` form for a tuple the caller builds itself.
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

    /// @dev Result codes of `tryRecover`, `tryCheckLayout` and `tryVerify`, one per rule; `OK` (0)
    /// means every rule checked holds.
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
    /// @dev Rule 7 (`tryVerify`): a well-formed signature whose signer is not the expected one.
    uint256 internal constant ERR_SIGNER = 9;

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

    /// @dev The attestation and its signature follow every rule, but the signature is not the
    /// expected signer's (rule 7, `verify` only).
    /// @param expected The signer the caller expects.
    /// @param recovered The signer the signature recovers to.
    error AttestationSignerMismatch(address expected, address recovered);

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

    /// @dev Returns `keccak256(abi.encode(a))` of a v1 attestation, the 32 bytes the solver signs
    /// under the EIP-191 prefix. Reverts like `checkLayout` when the tuple breaks the layout rule:
    /// such a tuple is also another layout's, so its hash is never handed out.
    function hash(Attestation calldata a) internal pure returns (bytes32) {
        checkLayout(a);
        return _hash(a);
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v2 attestation. Reverts like `checkLayout`.
    function hash(AttestationV2 calldata a) internal pure returns (bytes32) {
        checkLayout(a);
        return _hash(a);
    }

    /// @dev Returns the EIP-191 digest of a v1 attestation: what the solver's key signs. Reverts like
    /// `checkLayout`, so `recover(digest(a), signature)` applies every rule of `verify` but the
    /// signer comparison, which is then the caller's.
    function digest(Attestation calldata a) internal pure returns (bytes32) {
        checkLayout(a);
        return ECDSA.toEthSignedMessageHash(_hash(a));
    }

    /// @dev Returns the EIP-191 digest of a v2 attestation: what the solver's key signs. Reverts like
    /// `checkLayout`.
    function digest(AttestationV2 calldata a) internal pure returns (bytes32) {
        checkLayout(a);
        return ECDSA.toEthSignedMessageHash(_hash(a));
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

    /// @dev Reverts with the layout error for the first word of a v1 tuple held in memory that breaks
    /// the layout rule (see `checkLayout`).
    function checkLayoutMemory(Attestation memory a) internal pure {
        (uint256 code, bytes32 word) = tryCheckLayoutMemory(a);
        revertWithLayoutCode(code, word);
    }

    /// @dev Reverts like `checkLayoutMemory(Attestation)`, for a v2 tuple held in memory.
    function checkLayoutMemory(AttestationV2 memory a) internal pure {
        (uint256 code, bytes32 word) = tryCheckLayoutMemory(a);
        revertWithLayoutCode(code, word);
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v1 attestation held in memory. Reverts like
    /// `checkLayoutMemory`.
    function hashMemory(Attestation memory a) internal pure returns (bytes32) {
        checkLayoutMemory(a);
        return _hashMemory(a);
    }

    /// @dev Returns `keccak256(abi.encode(a))` of a v2 attestation held in memory. Reverts like
    /// `checkLayoutMemory`.
    function hashMemory(AttestationV2 memory a) internal pure returns (bytes32) {
        checkLayoutMemory(a);
        return _hashMemory(a);
    }

    /// @dev Returns the EIP-191 digest of a v1 attestation held in memory: what the solver's key
    /// signs. Reverts like `checkLayoutMemory`.
    function digestMemory(Attestation memory a) internal pure returns (bytes32) {
        checkLayoutMemory(a);
        return ECDSA.toEthSignedMessageHash(_hashMemory(a));
    }

    /// @dev Returns the EIP-191 digest of a v2 attestation held in memory. Reverts like
    /// `checkLayoutMemory`.
    function digestMemory(AttestationV2 memory a) internal pure returns (bytes32) {
        checkLayoutMemory(a);
        return ECDSA.toEthSignedMessageHash(_hashMemory(a));
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

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                   VERIFICATION (ONE CALL)                  */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    // The whole check in one call: the layout rule, the signature rules 1-6, then rule 7, the signer.
    // `verify` reverts and returns nothing, so that it cannot be called and its result ignored (a
    // `bool` dropped on the floor compiles silently); `isValid` answers the question as a `bool`;
    // `tryVerify` names the first broken rule, for callers that map it to their own errors. A zero
    // `signer` never verifies: a signature that recovers always recovers a non-zero address.

    /// @dev Checks that `signer` signed the v1 attestation `a`, reverting with the custom error of
    /// the first broken rule: `AttestationChainIdOutOfRange` / `AttestationAccountOutOfRange`, then
    /// the signature errors of `recover`, then `AttestationSignerMismatch`.
    function verify(Attestation calldata a, bytes calldata signature, address signer) internal view {
        address recovered = recover(digest(a), signature);
        if (recovered != signer) revert AttestationSignerMismatch(signer, recovered);
    }

    /// @dev Checks that `signer` signed the v2 attestation `a`, reverting like `verify(Attestation)`.
    function verify(AttestationV2 calldata a, bytes calldata signature, address signer) internal view {
        address recovered = recover(digest(a), signature);
        if (recovered != signer) revert AttestationSignerMismatch(signer, recovered);
    }

    /// @dev Tells whether `signer` signed the v1 attestation `a` under every rule. Never reverts on a
    /// broken rule.
    function isValid(Attestation calldata a, bytes calldata signature, address signer) internal view returns (bool) {
        return tryVerify(a, signature, signer) == OK;
    }

    /// @dev Tells whether `signer` signed the v2 attestation `a` under every rule.
    function isValid(AttestationV2 calldata a, bytes calldata signature, address signer)
        internal
        view
        returns (bool)
    {
        return tryVerify(a, signature, signer) == OK;
    }

    /// @dev Checks that `signer` signed the v1 attestation `a` without reverting: returns `OK`, or the
    /// code of the first broken rule (`ERR_CHAIN_ID`, `ERR_ACCOUNT`, `ERR_LENGTH` ... `ERR_UNRECOVERABLE`,
    /// `ERR_SIGNER`). Layout codes come first, as in `verify`.
    function tryVerify(Attestation calldata a, bytes calldata signature, address signer)
        internal
        view
        returns (uint256 code)
    {
        (code,) = tryCheckLayout(a);
        if (code == OK) code = _tryVerifySigner(ECDSA.toEthSignedMessageHash(_hash(a)), signature, signer);
    }

    /// @dev Checks that `signer` signed the v2 attestation `a` without reverting (see `tryVerify`).
    function tryVerify(AttestationV2 calldata a, bytes calldata signature, address signer)
        internal
        view
        returns (uint256 code)
    {
        (code,) = tryCheckLayout(a);
        if (code == OK) code = _tryVerifySigner(ECDSA.toEthSignedMessageHash(_hash(a)), signature, signer);
    }

    /// @dev `verify` for a v1 tuple and a signature held in memory.
    function verifyMemory(Attestation memory a, bytes memory signature, address signer) internal view {
        address recovered = recoverMemory(digestMemory(a), signature);
        if (recovered != signer) revert AttestationSignerMismatch(signer, recovered);
    }

    /// @dev `verify` for a v2 tuple and a signature held in memory.
    function verifyMemory(AttestationV2 memory a, bytes memory signature, address signer) internal view {
        address recovered = recoverMemory(digestMemory(a), signature);
        if (recovered != signer) revert AttestationSignerMismatch(signer, recovered);
    }

    /// @dev `isValid` for a v1 tuple and a signature held in memory.
    function isValidMemory(Attestation memory a, bytes memory signature, address signer)
        internal
        view
        returns (bool)
    {
        return tryVerifyMemory(a, signature, signer) == OK;
    }

    /// @dev `isValid` for a v2 tuple and a signature held in memory.
    function isValidMemory(AttestationV2 memory a, bytes memory signature, address signer)
        internal
        view
        returns (bool)
    {
        return tryVerifyMemory(a, signature, signer) == OK;
    }

    /// @dev `tryVerify` for a v1 tuple and a signature held in memory.
    function tryVerifyMemory(Attestation memory a, bytes memory signature, address signer)
        internal
        view
        returns (uint256 code)
    {
        (code,) = tryCheckLayoutMemory(a);
        if (code != OK) return code;
        address recovered;
        (recovered, code) = tryRecoverMemory(ECDSA.toEthSignedMessageHash(_hashMemory(a)), signature);
        if (code == OK && recovered != signer) code = ERR_SIGNER;
    }

    /// @dev `tryVerify` for a v2 tuple and a signature held in memory.
    function tryVerifyMemory(AttestationV2 memory a, bytes memory signature, address signer)
        internal
        view
        returns (uint256 code)
    {
        (code,) = tryCheckLayoutMemory(a);
        if (code != OK) return code;
        address recovered;
        (recovered, code) = tryRecoverMemory(ECDSA.toEthSignedMessageHash(_hashMemory(a)), signature);
        if (code == OK && recovered != signer) code = ERR_SIGNER;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                      PRIVATE HELPERS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    // The unchecked hashing: private, so that only the functions above, which hold the layout rule
    // first, can reach it.

    /// @dev `keccak256(abi.encode(a))` of a v1 attestation, straight from calldata, layout unchecked.
    /// The struct's 7 static words are already `abi.encode`'s layout, so they are copied once into
    /// free memory (not allocated: the free memory pointer is left unchanged) and hashed.
    function _hash(Attestation calldata a) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, a, 0xe0) // 7 words * 32 bytes = 224 bytes.
            result := keccak256(m, 0xe0)
        }
    }

    /// @dev `keccak256(abi.encode(a))` of a v2 attestation, straight from calldata, layout unchecked.
    function _hash(AttestationV2 calldata a) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, a, 0xe0) // 7 words * 32 bytes = 224 bytes.
            result := keccak256(m, 0xe0)
        }
    }

    /// @dev `keccak256(abi.encode(a))` of a v1 attestation held in memory, layout unchecked.
    function _hashMemory(Attestation memory a) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            result := keccak256(a, 0xe0) // A memory struct of 7 static words is abi.encode's layout.
        }
    }

    /// @dev `keccak256(abi.encode(a))` of a v2 attestation held in memory, layout unchecked.
    function _hashMemory(AttestationV2 memory a) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            result := keccak256(a, 0xe0)
        }
    }

    /// @dev Rules 1-7 over a digest of a tuple that holds the layout rule: `OK` or the first broken
    /// rule's code.
    function _tryVerifySigner(bytes32 digest_, bytes calldata signature, address signer)
        private
        view
        returns (uint256 code)
    {
        address recovered;
        (recovered, code) = tryRecover(digest_, signature);
        if (code == OK && recovered != signer) code = ERR_SIGNER;
    }
}
