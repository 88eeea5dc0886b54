import type { Context } from "grammy";
import type { DepsFlavor } from "../context.js";
import { labelsOf, type AddressLabels } from "../../tron/address-names.js";

/** The names the user gave their saved addresses, to show an address by its name where it appears. */
export async function addressLabels(ctx: Context & DepsFlavor): Promise<AddressLabels> {
  return ctx.from ? labelsOf(await ctx.deps.store.recentAddresses.entries(ctx.from.id)) : new Map();
}
