// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DevnetToken} from "./DevnetToken.sol";

/// @notice A mintable ERC-20 that burns a fee on every transfer, so the recipient gets less than
/// `amount`: the case a receiver must catch by measuring its balance.
/// @author attestkit
contract DevnetFeeOnTransferToken is DevnetToken {
    /// @notice The fee in basis points of each transferred amount.
    uint256 public immutable feeBps;

    /// @param feeBps_ The fee in basis points (at most 10,000).
    constructor(uint256 feeBps_) DevnetToken("Fee Token", "FEE", 18) {
        require(feeBps_ <= 10_000);
        feeBps = feeBps_;
    }

    /// @dev Burns the fee from the sender's side, then moves the rest.
    function _transfer(address from, address to, uint256 amount) internal override {
        uint256 fee = amount * feeBps / 10_000;
        if (fee != 0) _burn(from, fee);
        super._transfer(from, to, amount - fee);
    }

    /// @dev Moves `amount` minus the fee (solady's assembly transfer bypasses `_transfer`).
    function transfer(address to, uint256 amount) public override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    /// @dev Moves `amount` minus the fee (solady's assembly transfer bypasses `_transfer`).
    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }
}
