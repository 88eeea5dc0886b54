/**
 * How a feature reaches the marketplace with the user's key: the one key client of
 * credentials/key-client.ts (shared with the domain), here where the features look for it.
 */
export { KeyUnreadableError, NoApiKeyError, withUserClient, withUserClientOr } from "../../credentials/key-client.js";
