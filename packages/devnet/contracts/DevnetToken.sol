// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "solady/tokens/ERC20.sol";

/// @notice A plain ERC-20 that anyone can mint, for tests and the local devnet.
/// @author attestkit
contract DevnetToken is ERC20 {
    string private _name;
    string private _symbol;
    uint8 private immutable _decimals;

    /// @param name_ Token name.
    /// @param symbol_ Token symbol.
    /// @param decimals_ Decimals.
    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        _name = name_;
        _symbol = symbol_;
        _decimals = decimals_;
    }

    /// @inheritdoc ERC20
    function name() public view override returns (string memory) {
        return _name;
    }

    /// @inheritdoc ERC20
    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    /// @inheritdoc ERC20
    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Mints `amount` to `to`; open to anyone (test token).
    /// @param to The recipient.
    /// @param amount The amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
