// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The origin-chain deposit contract of the service (the live ABI and events).
/// @author attestkit
interface IDepository {
    /// @notice Native currency was deposited.
    /// @param from The credited depositor (`msg.sender` when `depositor` was zero).
    /// @param amount The amount in wei.
    /// @param id The request id.
    event RelayNativeDeposit(address from, uint256 amount, bytes32 id);

    /// @notice An ERC-20 token was deposited.
    /// @param from The credited depositor (`msg.sender` when `depositor` was zero).
    /// @param token The token.
    /// @param amount The amount in the token's units.
    /// @param id The request id.
    event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id);

    /// @notice Deposits `msg.value` for request `id`.
    /// @param depositor Who is credited; zero credits `msg.sender`.
    /// @param id The request id.
    function depositNative(address depositor, bytes32 id) external payable;

    /// @notice Pulls `amount` of `token` from `msg.sender` (with `transferFrom`) for request `id`.
    /// @param depositor Who is credited; zero credits `msg.sender`.
    /// @param token The token.
    /// @param amount The amount.
    /// @param id The request id.
    function depositErc20(address depositor, address token, uint256 amount, bytes32 id) external;
}
