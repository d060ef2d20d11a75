import type { ManagedProcess } from './child-process';

/**
 * What a service sends over its IPC channel once it has fully started: gRPC served, background tasks and metrics
 * running (libs/service-host `ServiceHost.run`), as systemd's READY=1 for a Type=notify unit.
 */
export const READY_NOTICE = { type: 'ready' } as const;

export function isReadyNotice(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === READY_NOTICE.type;
}

/** Why a child that is gone never reported ready: its exit code, the signal that ended it, or a failed spawn (a negative errno). */
export function whyGone(child: { exitCode: number | null; signalCode: NodeJS.Signals | null }): string {
  if (child.signalCode) return `was killed by ${child.signalCode} before it reported ready`;
  if (child.exitCode !== null && child.exitCode >= 0) return `exited with code ${child.exitCode} before it reported ready`;
  return 'could not be started';
}

/**
 * Resolves when a process started with `notifiesReady` reports ready; rejects, naming it and why, when it ends first or
 * `timeoutMs` passes. Call it in the tick that started the process, so no notice goes by unheard. The launcher needs
 * the channel for nothing more: it closes its end too, so a service that kept its own open costs nothing here.
 */
export function untilReady(managed: ManagedProcess, timeoutMs: number): Promise<void> {
  const { name, child } = managed;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      if (error) return reject(error);
      if (child.connected) child.disconnect();
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (isReadyNotice(message)) settle();
    };
    const timer = setTimeout(() => settle(new Error(`${name} did not report ready within ${timeoutMs} ms`)), timeoutMs);
    child.on('message', onMessage);
    void managed.exited.then(() => settle(new Error(`${name} ${whyGone(child)}`)));
  });
}
