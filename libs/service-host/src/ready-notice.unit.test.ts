import { notifyReady, READY_NOTICE, readyNotice, type ParentChannel } from './ready-notice';

/** A stand-in for `process` under a parent with an IPC channel: records what happens, in order. */
function channelRecording(events: string[], sendError: Error | null = null): ParentChannel {
  const channel = {
    connected: true,
    send: (message: unknown, _handle: unknown, _options: unknown, callback: (error: Error | null) => void) => {
      events.push(`send ${JSON.stringify(message)}`);
      setImmediate(() => {
        events.push('written');
        callback(sendError);
      });
      return true;
    },
    disconnect: () => {
      events.push('disconnect');
      channel.connected = false;
    },
  };
  return channel as unknown as ParentChannel;
}

describe('telling the launcher a service is ready', () => {
  it('sends the notice, then closes the channel once it is written', async () => {
    const events: string[] = [];
    const channel = channelRecording(events);
    await notifyReady({}, channel);
    expect(events).toEqual([`send ${JSON.stringify(READY_NOTICE)}`, 'written', 'disconnect']);
    expect(READY_NOTICE).toEqual({ type: 'ready' });
    expect(channel.connected).toBe(false);
  });

  it('carries the addresses the service chose at start, by name', async () => {
    const events: string[] = [];
    await notifyReady({ urls: { identity_pages: 'http://127.0.0.1:41234' } }, channelRecording(events));
    expect(events[0]).toBe(`send ${JSON.stringify({ type: 'ready', urls: { identity_pages: 'http://127.0.0.1:41234' } })}`);
    expect(events.at(-1)).toBe('disconnect');
  });

  it('is the bare notice when there is nothing to add', () => {
    expect(readyNotice()).toEqual({ type: 'ready' });
    expect(readyNotice({ urls: {} })).toEqual({ type: 'ready' });
    expect(readyNotice({ urls: undefined })).toEqual({ type: 'ready' });
  });

  it('still closes the channel when the parent is already gone', async () => {
    const events: string[] = [];
    await notifyReady({}, channelRecording(events, new Error('channel closed')));
    expect(events.at(-1)).toBe('disconnect');
  });

  it('does nothing in a process started without a channel (tests, k8s, docker-compose)', async () => {
    await expect(
      notifyReady(
        { urls: { identity_pages: 'http://127.0.0.1:41234' } },
        {
          connected: false,
          send: undefined,
          disconnect: () => {
            throw new Error('no channel to close');
          },
        },
      ),
    ).resolves.toBeUndefined();
  });
});
