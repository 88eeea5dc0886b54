/** What a preview means for the balance, in sun: the price, the activation fee, their total, and the balance before and after. */
import type { OrderPreview } from "../marketplace/index.js";
import { trxToSun } from "../tron/amounts.js";

export interface PreviewMoney {
  priceSun: bigint;
  activationSun: bigint;
  /** What the order takes from the balance: price plus activation. */
  totalSun: bigint;
  balanceSun: bigint;
  afterSun: bigint;
}

export function previewMoney(preview: Pick<OrderPreview, "priceTrx" | "activationTrx" | "balanceTrx">): PreviewMoney {
  const priceSun = trxToSun(preview.priceTrx);
  const activationSun = trxToSun(preview.activationTrx);
  const totalSun = priceSun + activationSun;
  const balanceSun = trxToSun(preview.balanceTrx);
  return { priceSun, activationSun, totalSun, balanceSun, afterSun: balanceSun - totalSun };
}
