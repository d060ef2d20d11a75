import type { ManagedProcess } from './child-process';

/**
 * What a service sends over its IPC channel once it has fully started: gRPC served, background tasks and metrics
 * running (libs/service-host `ServiceHost.run`), as systemd's READY=1 for a Type=notify unit. `urls`: where else it
 * listens, chosen at start (a port 0 it bound), by name; identity's pages are `identity_pages`.
 */
export interface ReadyNotice {
  type: 'ready';
  urls: Readonly<Record<string, string>>;
}

export const READY_NOTICE = { type: 'ready' } as const;

/**
 * The ready notice in `message`, or undefined when it is some other message. The launcher keeps its own copy of the
 * shape (it does not depend on libs/service-host, which brings gRPC) and checks what arrives: only string URLs are kept.
 */
export function readyNoticeOf(message: unknown): ReadyNotice | undefined {
  if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== READY_NOTICE.type) return undefined;
  const sent = (message as { urls?: unknown }).urls;
  const entries = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? Object.entries(sent) : [];
  return { type: 'ready', urls: Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string')) };
}

/** Why a child that is gone never reported ready: its exit code, the signal that ended it, or a failed spawn (a negative errno). */
export function whyGone(child: { exitCode: number | null; signalCode: NodeJS.Signals | null }): string {
  if (child.signalCode) return `was killed by ${child.signalCode} before it reported ready`;
  if (child.exitCode !== null && child.exitCode >= 0) return `exited with code ${child.exitCode} before it reported ready`;
  return 'could not be started';
}

/**
 * Resolves with its notice when a process started with `notifiesReady` reports ready; rejects, naming it and why, when
 * it ends first or `timeoutMs` passes. Call it in the tick that started the process, so no notice goes by unheard. The
 * launcher needs the channel for nothing more: it closes its end too, so a service that kept its own open costs
 * nothing here.
 */
export function untilReady(managed: ManagedProcess, timeoutMs: number): Promise<ReadyNotice> {
  const { name, child } = managed;
  return new Promise<ReadyNotice>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: { notice: ReadyNotice } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      if ('error' in outcome) return reject(outcome.error);
      if (child.connected) child.disconnect();
      resolve(outcome.notice);
    };
    const onMessage = (message: unknown) => {
      const notice = readyNoticeOf(message);
      if (notice) settle({ notice });
    };
    const timer = setTimeout(() => settle({ error: new Error(`${name} did not report ready within ${timeoutMs} ms`) }), timeoutMs);
    child.on('message', onMessage);
    void managed.exited.then(() => settle({ error: new Error(`${name} ${whyGone(child)}`) }));
  });
}
