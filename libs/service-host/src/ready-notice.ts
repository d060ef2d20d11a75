/** What a service may tell its parent beyond "ready": addresses it chose itself at start (a port 0 it bound), by name. */
export interface ReadyDetails {
  /** e.g. identity's pages: `{ identity_pages: 'http://127.0.0.1:41234' }`, which the launcher gives the gateway. */
  urls?: Readonly<Record<string, string>>;
}

/**
 * What a service tells the process that started it with an IPC channel, once fully started (systemd's READY=1), with
 * its details (deploy/launcher/src/ready.ts reads it).
 */
export interface ReadyNotice extends ReadyDetails {
  type: 'ready';
}

export const READY_NOTICE = { type: 'ready' } as const satisfies ReadyNotice;

/** The notice for these details: the bare one when there is nothing to add. */
export function readyNotice(details: ReadyDetails = {}): ReadyNotice {
  const urls = details.urls && Object.keys(details.urls).length > 0 ? { ...details.urls } : undefined;
  return urls ? { ...READY_NOTICE, urls } : READY_NOTICE;
}

/** The IPC side of a process: `process` itself, or a stand-in in tests. */
export type ParentChannel = Pick<NodeJS.Process, 'send' | 'disconnect' | 'connected'>;

/**
 * Under a parent that gave this process an IPC channel (the launcher, deploy/launcher/src/ready.ts): sends the notice,
 * then closes the channel, so it neither keeps the process alive nor costs anything afterwards. Without a channel
 * (tests, k8s, docker-compose) nothing happens: those ask the gRPC health service, and are told where else the service
 * listens by its config.
 */
export function notifyReady(details: ReadyDetails = {}, channel: ParentChannel = process): Promise<void> {
  return new Promise((resolve) => {
    if (!channel.send) return resolve();
    // Closed once the notice is written, not before (a message still queued would be dropped); a parent already gone is no error.
    channel.send(readyNotice(details), undefined, undefined, () => {
      if (channel.connected) channel.disconnect();
      resolve();
    });
  });
}
