import { parseArgs } from 'node:util';
import { loadConfig, serviceAddresses } from '@commerce/config';
import { RemoteError } from '@commerce/grpc-runtime';
import { CommandFailed } from './command-failed';
import { createAppCommand, createStoreCommand, rotateKeyCommand, UsageError } from './commands';
import { demoSeedCommand } from './demo/demo-seed.command';

const USAGE = `Usage: npm run storectl -- <command> [options]

  store create --name N --subdomain S --email E --password P [--login L] [--time-zone Z]
      Creates a user, their store and its API key. Prints {store, user, api_key}.
  key rotate --store ID
      Replaces the store's API key; the old one stops working at once. Prints {api_key}.
  app create --name N --redirect-uri U --owner-email E
      Registers a developer app for the user with that e-mail. Prints {client_id, client_secret, name, redirect_uri}
      (the secret is shown once; only its hash is kept).
  demo seed --store ID [--products N] [--orders N] [--seed S] [--url URL] [--api-key KEY]
      Fills the store through the gateway's public HTTP API (--url, else PUBLIC_URL, else http://localhost:8080):
      shipping, products with variants and stock, collections, buyer checkouts (some declined), then ships,
      holds and cancels some orders. Defaults: 20 products, 50 orders, seed 1 (the same seed, the same plan).
      Without --api-key the store's API key is ROTATED and the new one printed. Progress on stderr (a terminal);
      prints {store, products, variants, orders: {by_status}, declined_checkouts, ...}.

Talks to the running services over gRPC (addresses from <SERVICE>_GRPC_ADDR, defaults as npm start uses).
Secrets are printed once, on stdout only.`;

const COMMANDS: Record<string, (addresses: Parameters<typeof createStoreCommand>[0], options: Record<string, string | undefined>) => Promise<unknown>> = {
  'store create': createStoreCommand,
  'key rotate': rotateKeyCommand,
  'app create': createAppCommand,
  'demo seed': demoSeedCommand,
};

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      subdomain: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      login: { type: 'string' },
      'time-zone': { type: 'string' },
      store: { type: 'string' },
      'redirect-uri': { type: 'string' },
      'owner-email': { type: 'string' },
      products: { type: 'string' },
      orders: { type: 'string' },
      seed: { type: 'string' },
      url: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = COMMANDS[positionals.slice(0, 2).join(' ')];
  if (values.help || !command) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const addresses = loadConfig(serviceAddresses);
  const result = await command(addresses, values as Record<string, string | undefined>);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

function describe(failure: unknown): { error: string; errors?: Record<string, string[]> } {
  const error = failure instanceof CommandFailed ? failure.cause : failure;
  if (error instanceof RemoteError) return { error: error.message, ...(error.fieldViolations ? { errors: error.fieldViolations } : {}) };
  if (error instanceof UsageError) return { error: `${error.message}\n\n${USAGE}` };
  return { error: error instanceof Error ? error.message : String(error) };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CommandFailed) process.stdout.write(`${JSON.stringify(error.output, null, 2)}\n`);
    process.stderr.write(`${JSON.stringify(describe(error), null, 2)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
