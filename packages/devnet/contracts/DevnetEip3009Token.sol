// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {DevnetToken} from "./DevnetToken.sol";

/// @notice The devnet's USDC-like token: an open-mint ERC-20 (with EIP-2612 `permit`) that also
/// implements EIP-3009, transfers authorized by an EIP-712 signature of the holder with a random
/// 32-byte nonce and a validity window, as USDC does.
/// @author attestkit
/// @dev Signatures are checked with `SignatureCheckerLib` (ECDSA for accounts, ERC-1271 for
/// contracts). The EIP-712 domain is the token's: `name()`, version "1", the chain id, this address.
contract DevnetEip3009Token is DevnetToken {
    /// @dev The authorization is not valid yet (`block.timestamp <= validAfter`).
    error AuthorizationNotYetValid(uint256 validAfter);

    /// @dev The authorization has expired (`block.timestamp >= validBefore`).
    error AuthorizationExpired(uint256 validBefore);

    /// @dev The nonce was used or canceled.
    error AuthorizationUsedOrCanceled(address authorizer, bytes32 nonce);

    /// @dev The signature is not the authorizer's.
    error InvalidAuthorizationSignature();

    /// @dev `receiveWithAuthorization` called by someone else than the payee.
    error CallerMustBePayee(address caller, address payee);

    /// @notice A nonce of `authorizer` was used.
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);

    /// @notice A nonce of `authorizer` was canceled.
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    /// @notice keccak256("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)")
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH =
        0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267;

    /// @notice keccak256("ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)")
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH =
        0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8;

    /// @notice keccak256("CancelAuthorization(address authorizer,bytes32 nonce)")
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        0x158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a1597429;

    mapping(address authorizer => mapping(bytes32 nonce => bool used)) private _authorizationStates;

    /// @param name_ Token name.
    /// @param symbol_ Token symbol.
    /// @param decimals_ Decimals.
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        DevnetToken(name_, symbol_, decimals_)
    {}

    /// @notice Whether `nonce` of `authorizer` was used or canceled.
    /// @param authorizer The holder.
    /// @param nonce The nonce.
    /// @return True once used or canceled.
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    /// @notice Moves `value` from `from` to `to` with `from`'s signed authorization (anyone may submit).
    /// @param from The payer (signer).
    /// @param to The payee.
    /// @param value The amount.
    /// @param validAfter Valid strictly after this time (seconds).
    /// @param validBefore Valid strictly before this time (seconds).
    /// @param nonce A unique 32-byte nonce.
    /// @param signature The payer's signature (65 bytes, or ERC-1271).
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        _useAuthorization(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature
        );
        _transfer(from, to, value);
    }

    /// @notice Like `transferWithAuthorization`, but only the payee may submit it (no front-running
    /// of a contract's call).
    /// @param from The payer (signer).
    /// @param to The payee, who must be the caller.
    /// @param value The amount.
    /// @param validAfter Valid strictly after this time (seconds).
    /// @param validBefore Valid strictly before this time (seconds).
    /// @param nonce A unique 32-byte nonce.
    /// @param signature The payer's signature (65 bytes, or ERC-1271).
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        if (msg.sender != to) revert CallerMustBePayee(msg.sender, to);
        _useAuthorization(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature
        );
        _transfer(from, to, value);
    }

    /// @notice Cancels an unused authorization of `authorizer`.
    /// @param authorizer The holder.
    /// @param nonce The nonce to cancel.
    /// @param signature The holder's signature of `CancelAuthorization`.
    function cancelAuthorization(address authorizer, bytes32 nonce, bytes calldata signature) external {
        if (_authorizationStates[authorizer][nonce]) revert AuthorizationUsedOrCanceled(authorizer, nonce);
        bytes32 digest = _digest(keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)));
        if (!SignatureCheckerLib.isValidSignatureNowCalldata(authorizer, digest, signature)) {
            revert InvalidAuthorizationSignature();
        }
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    /// @dev Checks the window, the nonce and the signature, then marks the nonce used.
    function _useAuthorization(
        bytes32 typehash,
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) private {
        if (block.timestamp <= validAfter) revert AuthorizationNotYetValid(validAfter);
        if (block.timestamp >= validBefore) revert AuthorizationExpired(validBefore);
        if (_authorizationStates[from][nonce]) revert AuthorizationUsedOrCanceled(from, nonce);
        bytes32 digest =
            _digest(keccak256(abi.encode(typehash, from, to, value, validAfter, validBefore, nonce)));
        if (!SignatureCheckerLib.isValidSignatureNowCalldata(from, digest, signature)) {
            revert InvalidAuthorizationSignature();
        }
        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
    }

    /// @dev The EIP-712 digest of a struct hash under the token's domain.
    function _digest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }
}
