// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";

/// @notice The same-chain swap router of the local devnet: a self-executed quote's swap step calls
/// `swap` with the terms its quoter (the devnet solver) signed; the router takes the input from the
/// caller and pays the output out of the liquidity it holds. Not for production.
/// @author attestkit
/// @dev An RFQ-style router: the price is the quote's, fixed in the signed terms, so no caller can
/// name another amount. Order of checks (cheap first, then the replay slot, then the signature, then
/// money): deadline, caller, value, replay, signature; then the input is taken and the output paid.
contract DevnetSwapRouter {
    /// @notice The terms of one swap, as the quote fixed them.
    /// @param id The request id of the quote (each terms are used once).
    /// @param payer The quote's user: the only caller allowed.
    /// @param recipient Who receives the output.
    /// @param tokenIn The input token, zero for native.
    /// @param amountIn The input amount.
    /// @param tokenOut The output token, zero for native.
    /// @param amountOut The output amount.
    /// @param deadline The last second the terms are valid (unix seconds).
    struct Swap {
        bytes32 id;
        address payer;
        address recipient;
        address tokenIn;
        uint256 amountIn;
        address tokenOut;
        uint256 amountOut;
        uint256 deadline;
    }

    /// @dev The terms expired.
    /// @param deadline The terms' deadline.
    error DevnetSwapRouterExpired(uint256 deadline);

    /// @dev The caller is not the terms' payer.
    /// @param caller The caller.
    error DevnetSwapRouterWrongPayer(address caller);

    /// @dev The native value sent is not the terms' native input.
    /// @param value The value sent.
    error DevnetSwapRouterWrongValue(uint256 value);

    /// @dev The terms were already used.
    /// @param id The terms' id.
    error DevnetSwapRouterUsed(bytes32 id);

    /// @dev The signature is not the quoter's.
    /// @param signer Who signed.
    error DevnetSwapRouterWrongSigner(address signer);

    /// @dev The caller is not the quoter.
    /// @param caller The caller.
    error DevnetSwapRouterUnauthorized(address caller);

    /// @notice A swap of `id` was made: `amountIn` of `tokenIn` from `payer`, `amountOut` of `tokenOut` to `recipient`.
    /// @param id The quote's request id.
    /// @param payer Who paid the input.
    /// @param recipient Who received the output.
    /// @param tokenIn The input token, zero for native.
    /// @param amountIn The input amount.
    /// @param tokenOut The output token, zero for native.
    /// @param amountOut The output amount.
    event DevnetSwapped(
        bytes32 indexed id,
        address indexed payer,
        address recipient,
        address tokenIn,
        uint256 amountIn,
        address tokenOut,
        uint256 amountOut
    );

    /// @notice Who signs the terms (the devnet solver); it may also withdraw the liquidity.
    address public immutable QUOTER;

    /// @notice Terms already used, by id.
    mapping(bytes32 id => bool) public used;

    /// @param quoter Who signs the terms.
    constructor(address quoter) {
        QUOTER = quoter;
    }

    /// @notice Native liquidity.
    receive() external payable {}

    /// @notice The digest the quoter signs (EIP-191, over these 32 bytes): the terms bound to this
    /// router and this chain.
    /// @param swap_ The terms.
    /// @return The hash `keccak256(abi.encode(address(this), block.chainid, swap_))`.
    function hashSwap(Swap calldata swap_) public view returns (bytes32) {
        return keccak256(abi.encode(address(this), block.chainid, swap_));
    }

    /// @notice Swaps as the signed terms say: takes `amountIn` of `tokenIn` from the caller (the
    /// value sent for native; `transferFrom` after an approval for a token) and pays `amountOut` of
    /// `tokenOut` to the recipient.
    /// @param swap_ The terms.
    /// @param signature The quoter's signature over `hashSwap(swap_)` (EIP-191).
    function swap(Swap calldata swap_, bytes calldata signature) external payable {
        if (block.timestamp > swap_.deadline) revert DevnetSwapRouterExpired(swap_.deadline);
        if (msg.sender != swap_.payer) revert DevnetSwapRouterWrongPayer(msg.sender);
        if (msg.value != (swap_.tokenIn == address(0) ? swap_.amountIn : 0)) revert DevnetSwapRouterWrongValue(msg.value);
        if (used[swap_.id]) revert DevnetSwapRouterUsed(swap_.id);
        used[swap_.id] = true;
        address signer = ECDSA.recoverCalldata(ECDSA.toEthSignedMessageHash(hashSwap(swap_)), signature);
        if (signer != QUOTER) revert DevnetSwapRouterWrongSigner(signer);
        if (swap_.tokenIn != address(0)) {
            SafeTransferLib.safeTransferFrom(swap_.tokenIn, msg.sender, address(this), swap_.amountIn);
        }
        if (swap_.tokenOut == address(0)) SafeTransferLib.safeTransferETH(swap_.recipient, swap_.amountOut);
        else SafeTransferLib.safeTransfer(swap_.tokenOut, swap_.recipient, swap_.amountOut);
        emit DevnetSwapped(
            swap_.id, msg.sender, swap_.recipient, swap_.tokenIn, swap_.amountIn, swap_.tokenOut, swap_.amountOut
        );
    }

    /// @notice Sends liquidity back to the quoter's choice of account.
    /// @param token The token, zero for native.
    /// @param to The recipient.
    /// @param amount The amount.
    function withdraw(address token, address to, uint256 amount) external {
        if (msg.sender != QUOTER) revert DevnetSwapRouterUnauthorized(msg.sender);
        if (token == address(0)) SafeTransferLib.safeTransferETH(to, amount);
        else SafeTransferLib.safeTransfer(token, to, amount);
    }
}
