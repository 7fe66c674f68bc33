// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice A mintable ERC-20 whose `transfer`, `transferFrom` and `approve` return nothing (like
/// USDT on Ethereum), and whose `approve` refuses to change a non-zero allowance to another
/// non-zero one. Callers must use a safe-transfer library.
/// @author attestkit
contract DevnetNoReturnToken {
    /// @notice Emitted on every transfer, mint included.
    event Transfer(address indexed from, address indexed to, uint256 amount);
    /// @notice Emitted on every approval.
    event Approval(address indexed owner, address indexed spender, uint256 amount);

    /// @notice Token name.
    string public constant name = "No Return Token";
    /// @notice Token symbol.
    string public constant symbol = "NRT";
    /// @notice Decimals.
    uint8 public constant decimals = 6;
    /// @notice Total supply.
    uint256 public totalSupply;
    /// @notice Balances.
    mapping(address => uint256) public balanceOf;
    /// @notice Allowances.
    mapping(address => mapping(address => uint256)) public allowance;

    /// @notice Mints `amount` to `to`; open to anyone (test token).
    /// @param to The recipient.
    /// @param amount The amount.
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Moves `amount` to `to`; returns nothing.
    /// @param to The recipient.
    /// @param amount The amount.
    function transfer(address to, uint256 amount) external {
        _move(msg.sender, to, amount);
    }

    /// @notice Moves `amount` from `from` to `to` using the caller's allowance; returns nothing.
    /// @param from The owner.
    /// @param to The recipient.
    /// @param amount The amount.
    function transferFrom(address from, address to, uint256 amount) external {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= amount, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
    }

    /// @notice Sets the caller's allowance for `spender`; returns nothing.
    /// @param spender The spender.
    /// @param amount The allowance.
    function approve(address spender, uint256 amount) external {
        require(amount == 0 || allowance[msg.sender][spender] == 0, "approve from non-zero");
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
    }

    /// @dev Moves a balance, reverting when it is too small.
    function _move(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
