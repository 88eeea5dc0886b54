/**
 * Callback data shared between features (a button in one feature that opens another).
 * Each feature owns its own prefix; these are the cross-feature entry points.
 * callback_data is at most 64 bytes: a TRON address (34) fits with a short prefix.
 */
export const Actions = {
  addKey: "keys:add",
  listKeys: "keys:list",
  showBalance: "bal:show",
  showDeposit: "dep:show",
  buyEnergy: "buy:start",
  buyFor: (address: string) => `buy:a:${address}`,
  checkAddress: (address: string) => `chk:a:${address}`,
  listOrders: "ord:list",
  listRules: "rule:list",
} as const;
