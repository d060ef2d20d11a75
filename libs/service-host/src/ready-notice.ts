/** What a service tells the process that started it with an IPC channel, once fully started (systemd's READY=1). */
export const READY_NOTICE = { type: 'ready' } as const;

/** The IPC side of a process: `process` itself, or a stand-in in tests. */
export type ParentChannel = Pick<NodeJS.Process, 'send' | 'disconnect' | 'connected'>;

/**
 * Under a parent that gave this process an IPC channel (the launcher, deploy/launcher/src/ready.ts): sends the notice,
 * then closes the channel, so it neither keeps the process alive nor costs anything afterwards. Without a channel
 * (tests, k8s, docker-compose) nothing happens: those ask the gRPC health service.
 */
export function notifyReady(channel: ParentChannel = process): Promise<void> {
  return new Promise((resolve) => {
    if (!channel.send) return resolve();
    // Closed once the notice is written, not before (a message still queued would be dropped); a parent already gone is no error.
    channel.send(READY_NOTICE, undefined, undefined, () => {
      if (channel.connected) channel.disconnect();
      resolve();
    });
  });
}
