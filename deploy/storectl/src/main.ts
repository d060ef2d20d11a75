import { parseArgs } from 'node:util';
import { RemoteError } from '@commerce/grpc-runtime';
import { CommandFailed } from './command-failed';
import { createAppCommand, createStoreCommand, rotateKeyCommand, UsageError } from './commands';
import { demoSeedCommand } from './demo/demo-seed.command';
import { listenCommand, triggerCommand } from './dev/dev.commands';
import { mailListCommand, mailShowCommand } from './mail/mail.commands';
import { StackLocator, StackUnavailable } from './stack-locator';

const USAGE = `Usage: npm run storectl -- <command> [options]

  store create --name N --subdomain S --email E --password P [--login L] [--time-zone Z]
      Creates a user, their store and its API key. Prints {store, user, api_key}.
  key rotate --store ID
      Replaces the store's API key; the old one stops working at once. Prints {api_key}.
  app create --name N --redirect-uri U --owner-email E
      Registers a developer app for the user with that e-mail. Prints {client_id, client_secret, name, redirect_uri}
      (the secret is shown once; only its hash is kept).
  demo seed --store ID [--products N] [--orders N] [--seed S] [--url URL] [--api-key KEY]
      Fills the store through the gateway's public HTTP API (--url, else PUBLIC_URL, else the stack's base URL):
      shipping, tax rates and a discount code, products with variants and stock, collections, buyer checkouts
      (some declined, some with the code), then ships, holds, cancels and refunds some orders. Defaults: 20
      products, 50 orders, seed 1 (the same seed, the same plan). Without --api-key the store's API key is ROTATED
      and the new one printed. Progress on stderr (a terminal); prints {store, products, variants,
      orders: {by_status}, tax_rates, discount: {code, orders}, refunds, declined_checkouts, ...}.
  mail list --store ID [--limit N] [--status pending|sent|failed|kept]
      The store's e-mail messages, newest first. Prints {messages: [{id, kind, to, subject, status, attempt_count,
      created_at}], time_zone}. Without SMTP_URL (as under \`npm start\`) nothing is sent: every message is "kept".
  mail show ID
      One message of any store, as its recipient gets it. Prints {message: {headers: {from, reply_to, to, subject,
      message_id}, status, attempt_count, attempts, last_error, ..., text, html}}.
  listen --api-key KEY --forward-to URL [--events TOPIC,TOPIC] [--url URL]
      Forwards the store's events, as they happen, to a local URL as webhook deliveries (Standard Webhooks headers,
      signed with a secret made for this session): no tunnel, no public address. Prints {"secret": "whsec_..."}, then
      one line per delivery {event_id, topic, status, duration_ms} (or {..., error}). Ctrl-C stops it. Uses only the
      public API (--url, else PUBLIC_URL, else the stack's base URL).
  trigger TOPIC --api-key KEY [--url URL]
      Makes the store fire TOPIC through the public API, as an owner or a buyer would (product/created, order/paid,
      order/shipped, refund/created, ...: every public topic but app/uninstalled). Prints {topic, made: [{kind, id}]}.
      It changes the store: use a development store.

Store commands talk over gRPC to the stack \`npm start\` runs on DATA_DIR (default .data), as DATA_DIR/stack.json says;
<SERVICE>_GRPC_ADDR, when set, names a service's address instead. Secrets are printed once, on stdout only.`;

/** A command: the stack, its options, and the operands after its two words (`mail show 12`: ['12']). */
type Command = (stack: StackLocator, options: Record<string, string | undefined>, operands: string[]) => Promise<unknown>;

/** Commands of one word, their operands after it (`trigger order/paid`). */
const ONE_WORD_COMMANDS: Partial<Record<string, Command>> = {
  listen: listenCommand,
  trigger: triggerCommand,
};

const COMMANDS: Record<string, Command> = {
  'store create': createStoreCommand,
  'key rotate': rotateKeyCommand,
  'app create': createAppCommand,
  'demo seed': demoSeedCommand,
  'mail list': mailListCommand,
  'mail show': mailShowCommand,
};

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseCommandLine(argv);
  const first = positionals[0] ?? '';
  const oneWord = Object.hasOwn(ONE_WORD_COMMANDS, first) ? ONE_WORD_COMMANDS[first] : undefined;
  const named = oneWord ? first : positionals.slice(0, 2).join(' ');
  const command = oneWord ?? (Object.hasOwn(COMMANDS, named) ? COMMANDS[named] : undefined);
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  if (!command) throw new UsageError(named ? `storectl has no command "${named}".` : 'storectl needs a command.');
  const operands = positionals.slice(oneWord ? 1 : 2);
  const result = await command(new StackLocator(process.env), values as Record<string, string | undefined>, operands);
  if (result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

/** The command line, parsed; an unknown option or one without its value is a usage error. */
function parseCommandLine(argv: string[]) {
  try {
    return parseOptions(argv);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError(sentenceOf((error as Error).message));
    throw error;
  }
}

/** node:util's parseArgs messages, as one sentence (the first; its advice on positionals does not apply here). */
function sentenceOf(message: string): string {
  const first = message.split('. ')[0]!.replace(/'/g, '');
  return first.endsWith('.') ? first : `${first}.`;
}

function parseOptions(argv: string[]) {
  return parseArgs({
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
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      limit: { type: 'string' },
      status: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/**
 * What stderr says when a command fails: a command line it cannot run, in a sentence and the usage; a stack it cannot
 * find or reach, in a sentence; a refusal of the services, as JSON `{error, errors?}` a script can read.
 */
function describe(failure: unknown): string {
  const error = failure instanceof CommandFailed ? failure.cause : failure;
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof StackUnavailable) return error.message;
  if (error instanceof RemoteError)
    return JSON.stringify({ error: error.message, ...(error.fieldViolations ? { errors: error.fieldViolations } : {}) }, null, 2);
  return JSON.stringify({ error: error instanceof Error ? error.message : String(error) }, null, 2);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CommandFailed) process.stdout.write(`${JSON.stringify(error.output, null, 2)}\n`);
    process.stderr.write(`${describe(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
