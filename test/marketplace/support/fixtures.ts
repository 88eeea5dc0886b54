/** Wire-shaped resources as a server might send them (numbers small, strings where the tests say). */
export const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const ADDRESS_2 = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
export const ORDER_ID = "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";
export const RULE_ID = "0e9d8c7b-6a5f-4e3d-2c1b-0a9f8e7d6c5b";

export function wireOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: ORDER_ID,
    resource: "energy",
    targetAddress: ADDRESS,
    volume: 65000,
    duration: "1h",
    priceTrx: "3.250000",
    activationTrx: "0",
    totalTrx: "3.250000",
    status: "Created",
    txId: null,
    createdAt: "2025-01-02T03:04:05.000Z",
    ...overrides,
  };
}

export function wireRule(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: RULE_ID,
    type: "auto-refill",
    resource: "energy",
    targetAddress: ADDRESS,
    minimal: 30000,
    volume: 65000,
    duration: "1h",
    spentTrx: "0",
    status: "active",
    pauseReason: null,
    autoResume: true,
    createdAt: "2025-01-02T03:04:05.000Z",
    updatedAt: "2025-01-02T03:04:05.000Z",
    ...overrides,
  };
}
