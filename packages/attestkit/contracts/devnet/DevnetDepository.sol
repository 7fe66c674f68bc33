// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {IDepository} from "../interfaces/IDepository.sol";

/// @notice A depository with the live service's deposit ABI and events, for tests and the local
/// devnet. Not for production: the owner can move every balance it holds.
/// @author attestkit
/// @dev `depositNative` and `depositErc20` behave like the live ones (a zero `depositor` credits
/// `msg.sender`; ERC-20 deposits are pulled with `transferFrom` from `msg.sender`). The owner-only
/// `devnetFill*` and `devnetWithdraw*` helpers let a local solver pay out and sweep.
contract DevnetDepository is IDepository {
    /// @dev The caller is not the owner.
    /// @param caller The caller.
    error DevnetDepositoryUnauthorized(address caller);

    /// @dev A native transfer out failed.
    /// @param to The recipient.
    /// @param amount The amount.
    error DevnetDepositoryTransferFailed(address to, uint256 amount);

    /// @dev A direct transfer's calldata is not the 32-byte id it must carry.
    /// @param length The calldata's length.
    error DevnetDepositoryDirectTransferWithoutId(uint256 length);

    /// @notice The owner paid `amount` of `token` (zero: native) to `recipient` for request `id`.
    /// @param id The request id filled.
    /// @param recipient Who received the funds.
    /// @param token The token, or zero for native.
    /// @param amount The amount.
    event DevnetFill(bytes32 indexed id, address indexed recipient, address token, uint256 amount);

    /// @notice The owner, who may fill and withdraw.
    address public immutable owner;

    /// @param owner_ The owner (a local solver's account).
    constructor(address owner_) {
        owner = owner_;
    }

    /// @dev Reverts unless called by the owner.
    modifier onlyOwner() {
        if (msg.sender != owner) revert DevnetDepositoryUnauthorized(msg.sender);
        _;
    }

    /// @inheritdoc IDepository
    function depositNative(address depositor, bytes32 id) external payable {
        emit RelayNativeDeposit(depositor == address(0) ? msg.sender : depositor, msg.value, id);
    }

    /// @inheritdoc IDepository
    function depositErc20(address depositor, address token, uint256 amount, bytes32 id) external {
        SafeTransferLib.safeTransferFrom(token, msg.sender, address(this), amount);
        emit RelayErc20Deposit(depositor == address(0) ? msg.sender : depositor, token, amount, id);
    }

    /// @notice A plain native transfer (no calldata): taken and recorded like a deposit of `msg.sender`
    /// under the zero id, which no request has, so the devnet's solver refunds it to the sender as an
    /// orphan (`ORPHANED_DEPOSIT_REFUND`).
    /// @dev The live RelayDepository has neither `receive` nor `fallback` (a plain transfer reverts); the
    /// devnet takes it as the address an `explicitDeposit: false` quote pays takes any transfer, so that
    /// no coin arrives without an event that names its sender.
    receive() external payable {
        emit RelayNativeDeposit(msg.sender, msg.value, bytes32(0));
    }

    /// @notice A direct native transfer to the depository, as a quote with `explicitDeposit: false`
    /// asks: the calldata is the 32-byte id, credited to `msg.sender`.
    /// @dev Calldata of another length than 32 bytes reverts (it is a call of no function here).
    fallback() external payable {
        if (msg.data.length != 32) revert DevnetDepositoryDirectTransferWithoutId(msg.data.length);
        emit RelayNativeDeposit(msg.sender, msg.value, bytes32(msg.data));
    }

    /// @notice Pays `msg.value` to `recipient` for request `id` (a fill on this chain).
    /// @param id The request id.
    /// @param recipient Who receives the native currency.
    function devnetFillNative(bytes32 id, address recipient) external payable onlyOwner {
        _sendNative(recipient, msg.value);
        emit DevnetFill(id, recipient, address(0), msg.value);
    }

    /// @notice Pays `amount` of `token` held by the depository to `recipient` for request `id`.
    /// @param id The request id.
    /// @param token The token.
    /// @param recipient Who receives the tokens.
    /// @param amount The amount.
    function devnetFillErc20(bytes32 id, address token, address recipient, uint256 amount) external onlyOwner {
        SafeTransferLib.safeTransfer(token, recipient, amount);
        emit DevnetFill(id, recipient, token, amount);
    }

    /// @notice Sends `amount` of the deposited native currency to `to`.
    /// @param to The recipient.
    /// @param amount The amount.
    function devnetWithdrawNative(address to, uint256 amount) external onlyOwner {
        _sendNative(to, amount);
    }

    /// @notice Sends `amount` of a deposited token to `to`.
    /// @param token The token.
    /// @param to The recipient.
    /// @param amount The amount.
    function devnetWithdrawErc20(address token, address to, uint256 amount) external onlyOwner {
        SafeTransferLib.safeTransfer(token, to, amount);
    }

    /// @dev Sends native currency, reverting with the recipient and amount on failure.
    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert DevnetDepositoryTransferFailed(to, amount);
    }
}
