import { AppData } from './app-data.js';
import { loadConfig } from './config.js';
import { InboxWorker } from './inbox-worker.js';
import { OAuthInstaller } from './oauth.js';
import { createServer } from './server.js';
import { StoreClients } from './store-clients.js';

/** One JSON line per thing that happened; never a token or a secret. */
function log(message: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), message, ...fields })}\n`);
}

const config = loadConfig();
const data = await AppData.open(config.dataFile);
const clients = new StoreClients(config, data);
const inbox = new InboxWorker({ config, data, clients, log });

// Discovered on the first install, and again after a failure (the platform may not be up yet when the app starts).
let discovered: Promise<OAuthInstaller> | undefined;
function installer(): Promise<OAuthInstaller> {
  discovered ??= OAuthInstaller.discover(config).catch((error: unknown) => {
    discovered = undefined;
    throw error;
  });
  return discovered;
}

const server = createServer({ config, data, clients, inbox, installer, log });
server.listen(config.port, () => {
  log('listening', { url: config.appUrl, port: config.port, install: `${config.appUrl}/install` });
  inbox.wake(); // deliveries stored before a restart
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void inbox.stop().then(() => process.exit(0));
  });
}
