// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The local devnet's multicall: the Multicall3 ABI (`aggregate`, `tryAggregate`,
/// `blockAndAggregate`, `tryBlockAndAggregate`, `aggregate3`, `aggregate3Value` and the block and
/// balance getters), so viem's `multicall` and any Multicall3 client work against a devnet chain.
/// Deployed twice per chain: open (`/chains` `contracts.multicall3` and `multicaller`) and owned by
/// the devnet solver (`onlyOwnerMulticaller`: only the owner may batch calls). Not for production.
/// @author attestkit
/// @dev Written for the devnet from the Multicall3 interface, not copied from its implementation.
/// Calls are made with `call` from this contract, in order; a failed call reverts the whole batch
/// unless the batch function (or the call's `allowFailure`) tolerates it. `aggregate3Value` checks
/// that the values of the calls add up to `msg.value`.
contract DevnetMulticall3 {
    /// @notice A call of `aggregate` and `tryAggregate`.
    /// @param target The contract called.
    /// @param callData The calldata.
    struct Call {
        address target;
        bytes callData;
    }

    /// @notice A call of `aggregate3`.
    /// @param target The contract called.
    /// @param allowFailure Whether the batch goes on when this call reverts.
    /// @param callData The calldata.
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    /// @notice A call of `aggregate3Value`.
    /// @param target The contract called.
    /// @param allowFailure Whether the batch goes on when this call reverts.
    /// @param value The native value sent with it.
    /// @param callData The calldata.
    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    /// @notice The outcome of one call.
    /// @param success Whether it returned.
    /// @param returnData What it returned, or its revert data.
    struct Result {
        bool success;
        bytes returnData;
    }

    /// @dev A call the batch does not tolerate reverted.
    /// @param index The call's index in the batch.
    error DevnetMulticall3CallFailed(uint256 index);

    /// @dev The values of an `aggregate3Value` batch do not add up to `msg.value`.
    /// @param value The value sent.
    /// @param total The sum of the calls' values.
    error DevnetMulticall3ValueMismatch(uint256 value, uint256 total);

    /// @dev The caller is not the owner of an owned multicall.
    /// @param caller The caller.
    error DevnetMulticall3Unauthorized(address caller);

    /// @notice Who may batch calls; `address(0)` for an open multicall.
    address public immutable owner;

    /// @param owner_ The only caller allowed to batch calls, or `address(0)` for anyone.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @dev Refuses a caller other than the owner of an owned multicall.
    modifier onlyOwnerIfOwned() {
        if (owner != address(0) && msg.sender != owner) revert DevnetMulticall3Unauthorized(msg.sender);
        _;
    }

    /// @notice Makes every call; any revert reverts the batch.
    /// @param calls The calls.
    /// @return blockNumber The current block number.
    /// @return returnData What each call returned.
    function aggregate(Call[] calldata calls)
        external
        payable
        onlyOwnerIfOwned
        returns (uint256 blockNumber, bytes[] memory returnData)
    {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            Result memory result = _call(calls[i].target, 0, calls[i].callData);
            if (!result.success) revert DevnetMulticall3CallFailed(i);
            returnData[i] = result.returnData;
        }
    }

    /// @notice Makes every call; with `requireSuccess`, any revert reverts the batch.
    /// @param requireSuccess Whether a revert reverts the batch.
    /// @param calls The calls.
    /// @return returnData The outcome of each call.
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        onlyOwnerIfOwned
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            returnData[i] = _call(calls[i].target, 0, calls[i].callData);
            if (requireSuccess && !returnData[i].success) revert DevnetMulticall3CallFailed(i);
        }
    }

    /// @notice `tryAggregate` with the block's number and hash.
    /// @param requireSuccess Whether a revert reverts the batch.
    /// @param calls The calls.
    /// @return blockNumber The current block number.
    /// @return blockHash The current block's hash as `blockhash` gives it (zero for the block being built).
    /// @return returnData The outcome of each call.
    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    /// @notice `tryBlockAndAggregate` that reverts the batch on any revert.
    /// @param calls The calls.
    /// @return blockNumber The current block number.
    /// @return blockHash The current block's hash as `blockhash` gives it.
    /// @return returnData The outcome of each call.
    function blockAndAggregate(Call[] calldata calls)
        external
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        (blockNumber, blockHash, returnData) = tryBlockAndAggregate(true, calls);
    }

    /// @notice Makes every call; a revert reverts the batch unless the call allows failure.
    /// @param calls The calls.
    /// @return returnData The outcome of each call.
    function aggregate3(Call3[] calldata calls)
        external
        payable
        onlyOwnerIfOwned
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            Call3 calldata item = calls[i];
            returnData[i] = _call(item.target, 0, item.callData);
            if (!item.allowFailure && !returnData[i].success) revert DevnetMulticall3CallFailed(i);
        }
    }

    /// @notice `aggregate3` with a native value per call; the values must add up to `msg.value`.
    /// @param calls The calls.
    /// @return returnData The outcome of each call.
    function aggregate3Value(Call3Value[] calldata calls)
        external
        payable
        onlyOwnerIfOwned
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        uint256 total;
        for (uint256 i; i < calls.length; ++i) {
            Call3Value calldata item = calls[i];
            // Checked: a sum past 2^256 reverts (it could never match msg.value anyway).
            total += item.value;
            returnData[i] = _call(item.target, item.value, item.callData);
            if (!item.allowFailure && !returnData[i].success) revert DevnetMulticall3CallFailed(i);
        }
        if (total != msg.value) revert DevnetMulticall3ValueMismatch(msg.value, total);
    }

    /// @notice The hash of block `blockNumber` (zero beyond the last 256 blocks).
    /// @param blockNumber The block.
    /// @return blockHash Its hash.
    function getBlockHash(uint256 blockNumber) external view returns (bytes32 blockHash) {
        blockHash = blockhash(blockNumber);
    }

    /// @notice The current block number.
    /// @return blockNumber The number.
    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    /// @notice The current block's coinbase.
    /// @return coinbase The address.
    function getCurrentBlockCoinbase() external view returns (address coinbase) {
        coinbase = block.coinbase;
    }

    /// @notice The current block's difficulty (its `prevrandao` since the merge).
    /// @return difficulty The value.
    function getCurrentBlockDifficulty() external view returns (uint256 difficulty) {
        difficulty = block.prevrandao;
    }

    /// @notice The current block's gas limit.
    /// @return gaslimit The limit.
    function getCurrentBlockGasLimit() external view returns (uint256 gaslimit) {
        gaslimit = block.gaslimit;
    }

    /// @notice The current block's timestamp.
    /// @return timestamp Unix seconds.
    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    /// @notice The native balance of `addr`.
    /// @param addr The account.
    /// @return balance Its balance, wei.
    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }

    /// @notice The previous block's hash.
    /// @return blockHash The hash.
    function getLastBlockHash() external view returns (bytes32 blockHash) {
        // Unchecked: a chain that runs this has mined block 0, so block.number >= 1 once called in a transaction.
        unchecked {
            blockHash = blockhash(block.number - 1);
        }
    }

    /// @notice The current block's base fee.
    /// @return basefee Wei per gas.
    function getBasefee() external view returns (uint256 basefee) {
        basefee = block.basefee;
    }

    /// @notice The chain id.
    /// @return chainid The id.
    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }

    /// @dev Calls `target` with `value` and `data`, keeping the outcome (a revert does not propagate).
    function _call(address target, uint256 value, bytes calldata data) private returns (Result memory result) {
        (result.success, result.returnData) = target.call{value: value}(data);
    }
}
