import { CommerceApiError } from '@commerce/sdk';
import type { AppData, InboxEntry } from './app-data.js';
import type { Config } from './config.js';
import { reactToStock } from './low-stock.js';
import type { StoreClients } from './store-clients.js';

export interface EventHandlerDeps {
  config: Config;
  data: AppData;
  clients: StoreClients;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** Handles one verified delivery of a store. Throws when it should be tried again later. */
export async function handleEvent({ config, data, clients, log }: EventHandlerDeps, { storeId, event }: InboxEntry): Promise<void> {
  switch (event.type) {
    case 'variant/updated': {
      const client = clients.of(storeId);
      if (!client) return; // uninstalled meanwhile
      const alert = await reactToStock(client, storeId, event.data.product_id, config.lowStockThreshold);
      if (alert) {
        await data.addAlert(alert);
        log('low stock', { storeId, productId: alert.productId, variants: alert.variants });
      }
      return;
    }
    case 'app/uninstalled':
      // Every app's removal reaches a store's webhooks: only ours ends this install.
      if (event.data.client_id !== config.clientId) return;
      clients.forget(storeId);
      await data.forgetStore(storeId);
      log('uninstalled', { storeId });
      return;
    default:
      return; // a topic this app does not react to (the test ping, say)
  }
}

/** Whether a failure will not be cured by trying again: the product is gone, or the store took its access away. */
export function isPermanent(error: unknown): boolean {
  if (!(error instanceof CommerceApiError)) return false;
  return error.status === 404 || error.errorType === 'invalid_grant' || error.status === 401 || error.status === 403;
}
