/**
 * How a stored key is named wherever it is shown: the one naming of credentials/key-labels.ts (a
 * statement made outside the chat names keys the same way), here where the features look for it.
 */
export { fingerprintText, keyButtonLabel } from "../../credentials/key-labels.js";
