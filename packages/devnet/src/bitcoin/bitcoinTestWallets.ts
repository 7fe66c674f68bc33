import type { BitcoinWallet } from "./deriveBitcoinWallet.js";

/**
 * Funded test wallets of the devnet Bitcoin chain: PUBLIC TEST KEYS, never fund them on a real chain.
 * Key `i` is sha256 of the text "attestkit devnet bitcoin wallet <i> (test key, never fund on a real
 * chain)". Written out so they can be read and searched; `deriveBitcoinWallet.test.ts` derives them again.
 */
export const bitcoinTestWallets: readonly BitcoinWallet[] = [
  {
    privateKey: "94f6c6444bcb66fc3ea84a010fa3aa146c6422f5ab9337001201ccb269ba138a",
    wif: "L2DH3HmXQ6GaTHrZA5Y889c6zSugPMyRkjZLzPAfgVc5yyiVZvHV",
    publicKey: "026fca118e2fbbd064b4d1ae2c4044f52f81ebfc8885bd98faa12d63d1f8937b76",
    p2wpkhAddress: "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k",
    p2trAddress: "bc1p8sapyp7rsegtd8xljn46yerx4y5hap79wnh0rzraq522l0htwc3sp6ng9r",
    taprootInternalKey: "6fca118e2fbbd064b4d1ae2c4044f52f81ebfc8885bd98faa12d63d1f8937b76",
  },
  {
    privateKey: "7885a5152e8ec4a7add5b004691cc288c773bb0b3d566130dc2d72ad999ca8ec",
    wif: "L1FzNc6fbw43Sboa1LkuRmLvRfCC6w2BaXWToWDpQXtmQ3ojFvUH",
    publicKey: "038dd608eeda9f3a15d6f549eac0baeb7067ddee8c365fbb479785254fa78abf92",
    p2wpkhAddress: "bc1qpg3ev6vecgaqapxjpnkfkdnj20l8z6d9pqgf8n",
    p2trAddress: "bc1p0nvq93d8n0fm5w4rz4vee9xv9rvrgu29603n8u6l53asf0cdjjnqduq3nt",
    taprootInternalKey: "8dd608eeda9f3a15d6f549eac0baeb7067ddee8c365fbb479785254fa78abf92",
  },
  {
    privateKey: "b8b6dc9992154d649cdf596022229fcfca2bfdc3231932332d163fbfe6f66b1d",
    wif: "L3Qmh5JeBFSSqjepCBzawkdpY2wTyvpfZE9qjH5RynrK4bUF7hzq",
    publicKey: "02b21c5eaa8a21f0d5634538084bc4810afee5e67278d0f5457df1564ee8a27455",
    p2wpkhAddress: "bc1qluwlgpqc20xkwqzuahz4rw6rhvk0shvfu3peva",
    p2trAddress: "bc1pvuxd3cwkcrt3ax8w5q995taq70kclz3zasvagq9zwjku8flk64jqv9sdwg",
    taprootInternalKey: "b21c5eaa8a21f0d5634538084bc4810afee5e67278d0f5457df1564ee8a27455",
  },
  {
    privateKey: "8e14d7c9620493bcacd7c198f8b0aba0d441fa23f083d1406583f9d5532ad09a",
    wif: "L1yu57W3hZ4BPbwukWVX6v3RcfcPdcyqpmrMeCx6zenirxJRnp5T",
    publicKey: "03c61d7c0d83a1a06b92536c589061f37b0b5aac4469222643fbd6f97364ed039d",
    p2wpkhAddress: "bc1qcmu0207sf4e74f0psy4r36w37q6wmqqm5lvmv0",
    p2trAddress: "bc1pu67jau43pp5qdw2yxlq7ss8rl7ggyc7jk4fhup3p2m32gpj2nsrq0v033p",
    taprootInternalKey: "c61d7c0d83a1a06b92536c589061f37b0b5aac4469222643fbd6f97364ed039d",
  },
  {
    privateKey: "d1aee72186cf69b475a8ba556a9b75dc0fad1dd6719e28c4601002545d5da27a",
    wif: "L4FJoBnoM9mr3JwZgmtUv4qSMPmmf4ncftzuzg2AF9ZXx8fKTMFr",
    publicKey: "033508067e561ba76fbddb2d30926b680889b8dde244cbfaebd84d7ee6ad03bbfc",
    p2wpkhAddress: "bc1qhwv50yw3xu24shg947a6zkj5v5xcdv0cy2x74a",
    p2trAddress: "bc1pxkhmr4mcukqq2jv0vdazzftk2q2jzuqs9kkswp5gvzpqncqmp3nqlxf7lh",
    taprootInternalKey: "3508067e561ba76fbddb2d30926b680889b8dde244cbfaebd84d7ee6ad03bbfc",
  },
  {
    privateKey: "f72b0c5ce8f70ba1d8d05f5639f759c95ffaa58c1ab6b14c16d1c7d3073a1a7e",
    wif: "L5WB1qpwQSYehrn5ReDnhWunsnpTieFaqhnvz7e53yezY9SKuYXo",
    publicKey: "03dddd826ef292f8be33e752c134e3acd80df5d94515be9ac58dd81bf265eca2e5",
    p2wpkhAddress: "bc1qz57k9g84mejmtnsw5fvasufgv3ttcy4e3tec4k",
    p2trAddress: "bc1pks99zs803ka754zhf8d4yav8p29drk5nu339s7trs2yswv4ecvjsf9hkp5",
    taprootInternalKey: "dddd826ef292f8be33e752c134e3acd80df5d94515be9ac58dd81bf265eca2e5",
  },
  {
    privateKey: "6067f66b291f93d6e16e8c2e5994268b47615428a40d10f703acd7a278986943",
    wif: "KzT7SBH77n6W652VjxgvKvhWsQVfnfX6QvarjsxWFkJGQ1nHgiKK",
    publicKey: "03be982f329da149587a25f1a2e61934c81633f7184efc678072538f836c6ecfa0",
    p2wpkhAddress: "bc1qc4ls62q8gg3ez6sp78z7kefvpw94gty2ylscdl",
    p2trAddress: "bc1pnx6st96hna7mmujwcc8erddq5a2nk0c5e6x6yjwnna9a252kq6hsyutam4",
    taprootInternalKey: "be982f329da149587a25f1a2e61934c81633f7184efc678072538f836c6ecfa0",
  },
  {
    privateKey: "8d3e387da9f7a173c7f0913fce7b4d92e3f4779cc74c126c1b1a2a4395f963bb",
    wif: "L1xGYsjmXXuy3Dt5sfYr7atNMQL6tosevnErLyUigWzcSMJy5eCf",
    publicKey: "0356744b09921c533468be2d47ce57fc55fd089110036bca8fd57e745ce2904eed",
    p2wpkhAddress: "bc1qsdg7un5t2fyppmvfz2mtwevklhxu7mdkuk0wmk",
    p2trAddress: "bc1p5lcm7uhwl507y8e0qrv690ndxj2fh46v5lceyggcgskrkjxmyheqpyam8c",
    taprootInternalKey: "56744b09921c533468be2d47ce57fc55fd089110036bca8fd57e745ce2904eed",
  },
  {
    privateKey: "9d07b3239f22f978dc3057448964d090dbf2dcc8de79cf6a4d0329b152ddc44e",
    wif: "L2UxT2ySqx4gs5jZ7yC2cmWyqDAFNL3n9QJQUpJHq2YHkq63y44g",
    publicKey: "0359cd468b6d5054a0319e22028f3809ddfcccb270978f88cf4ed9302d9fe32d05",
    p2wpkhAddress: "bc1ql055x90sn3vdy9t83tg0v0wrakvjajzehcl7d8",
    p2trAddress: "bc1phshmgkadw5jjvqy4azwdlmp8nwwgf0mww0tdcsze7gkcsckpuppqdl205p",
    taprootInternalKey: "59cd468b6d5054a0319e22028f3809ddfcccb270978f88cf4ed9302d9fe32d05",
  },
  {
    privateKey: "34fc8dc47745fe5797c82f01517a2a28ebdaea5e2280ec4708d601658c980d4e",
    wif: "Kxzi7yj5gD9BxguMGDccocpDJGzrqoqNmCu16p7KAipZG5zaESv9",
    publicKey: "0343b3be53f24c51d0fdf3c4e10a88068a65803f793ca6083418112549b8fbab88",
    p2wpkhAddress: "bc1qk92m0ex64gw9tfy4lkyq084sy25yq8fpvyhh3j",
    p2trAddress: "bc1p5850f8ayd85xyya9rejk0a0fna74tpv9cve7cl6av6r89er07rrsdwgpyt",
    taprootInternalKey: "43b3be53f24c51d0fdf3c4e10a88068a65803f793ca6083418112549b8fbab88",
  },
];

/**
 * The key the devnet chain pays block rewards to (sha256 of "attestkit devnet bitcoin miner (test key,
 * never fund on a real chain)"). Coinbase outputs mature after 100 blocks, like on Bitcoin.
 */
export const bitcoinMinerWallet: BitcoinWallet = {
  privateKey: "21ec17a4458a94ab8fcddb5b38093c9847a08e2ac0a66e1beaf530d951b1df26",
  wif: "KxMej9BfWbfKDxHF4AFczqF8Pwt9SEU1yTmdFvvnY1DjJbtd3UcY",
  publicKey: "0304083b571bb90bd9f5b8b72aa2892b12d6ff0309a29a66c92b71adb2362eac59",
  p2wpkhAddress: "bc1q90dumhukah0wnmhw7am9y4t3xe3m00g5aky43n",
  p2trAddress: "bc1p5j0ykvkejl8qn77khn344xsv7k042ev8kfdxp2xzrfhwg4wfgmzsxhst38",
  taprootInternalKey: "04083b571bb90bd9f5b8b72aa2892b12d6ff0309a29a66c92b71adb2362eac59",
};

/**
 * The devnet solver's Bitcoin key (sha256 of "attestkit devnet bitcoin solver (test key, never fund on
 * a real chain)"): its P2WPKH address receives the deposits of quotes from Bitcoin and pays the
 * fills of quotes to Bitcoin, funded at genesis with the solver's liquidity.
 */
export const bitcoinSolverWallet: BitcoinWallet = {
  privateKey: "83000b737491edd0d48bac9bb809fd31d005ac0c9cd0ce20cbe3da80ad760a69",
  wif: "L1cMiumaa52KdAsqe7VDC2bdqzxKzo1Cur7yo5FoPXkQEuzpkPXC",
  publicKey: "024a2560886d5d93dd98f020aa9512c2980aaa57e2b7c6e651f8204fe09007aa04",
  p2wpkhAddress: "bc1qhxj5xms4qhsysk4ngxmzwrg79w4ja9fx85pavt",
  p2trAddress: "bc1pccteze6rf0ra3tn7aumkwzf86sayynd2hn65asy8vdc40t6eyyjqa827xl",
  taprootInternalKey: "4a2560886d5d93dd98f020aa9512c2980aaa57e2b7c6e651f8204fe09007aa04",
};
