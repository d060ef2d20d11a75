import { loadLauncherConfig } from './config';
import { startStack } from './stack';

/** `npm start`: the whole platform on this machine, on embedded defaults, until Ctrl-C. */
async function main(): Promise<void> {
  const config = loadLauncherConfig();
  const stack = await startStack(config);
  process.stdout.write(
    `\nStore Commerce is running. API base URL: ${stack.baseUrl}/v1\nData: ${config.dataDir}  (Ctrl-C stops everything)\n\n`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the stack...\n`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  for (const managed of stack.processes) {
    void managed.exited.then((code) => {
      if (!stopping) process.stdout.write(`[launcher] ${managed.name} exited (code ${code}); the rest keeps running\n`);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start the stack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
