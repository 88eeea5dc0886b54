/**
 * Energy a USDT (TRC20) transfer burns: about 64,285 to an address that already holds USDT and
 * about 130,285 to one that does not; sellers offer 65k and 131k.
 */
export const ENERGY_PER_USDT_TRANSFER = 65_000n;
export const ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER = 131_000n;
