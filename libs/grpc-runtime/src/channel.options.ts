import { Channel, credentials, type ChannelOptions } from '@grpc/grpc-js';
import { fixAsyncResourceBind } from './async-resource-bind.fix';

/**
 * The largest message either end of any of our channels sends or takes, set on both ends (here for clients,
 * grpc.server.ts for servers). A request carries at most the gateway's 1 MB body; an answer is one record (at most
 * 512 KB rendered) or a page of at most 250, a few hundred KB in practice. A message past it fails its own call with
 * RESOURCE_EXHAUSTED (the gateway answers 500) and nothing else on the channel; an error's trailers are bounded
 * separately (error-echo.ts), since no grpc-js option bounds them.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * The media service's messages (docs/media.md): a 25 MB upload in StoreImageRequest, an original rendition as large in
 * its answer. Its server takes them (ServiceWiring.maxMessageBytes) and its clients are made with
 * `createClient(..., { maxMessageBytes: MEDIA_MESSAGE_BYTES })`, on a channel of their own.
 */
export const MEDIA_MESSAGE_BYTES = 32 * 1024 * 1024;

/** Both directions, for a client's channel and a server alike. */
export const MESSAGE_SIZE_OPTIONS = {
  'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
} as const;

const CHANNEL_OPTIONS: ChannelOptions = {
  ...MESSAGE_SIZE_OPTIONS,
  // Notice a dead peer within ~40 s while calls are in flight.
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  // A restarted service is found again within 2 s instead of grpc's 120 s maximum backoff.
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 2_000,
  // No retry policy is configured and callers own retries, but grpc-js's retry layer stays on for its transparent
  // retries: a call the server refused unseen (a stream past a retiring connection's GOAWAY, every
  // `max_connection_age`) goes again on a new connection. With the layer off (~3% of a call's CPU) each such call
  // failed UNAVAILABLE, which the gateway answers 503.
  'grpc.enable_channelz': 0,
};

/**
 * A target written with a resolver scheme (`dns:///catalog:50051` naming a headless Service, `ipv4:a:p,b:p`) names
 * several servers: calls go round all of them. A plain host:port keeps grpc-js's pick_first, which waits for a
 * restarted server's connection instead of failing the calls made during round_robin's reconnect backoff.
 */
const BALANCED_OPTIONS: ChannelOptions = {
  ...CHANNEL_OPTIONS,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
};

const namesSeveralServers = (address: string): boolean => /^(dns|ipv4|ipv6):/.test(address);

const channels = new Map<string, Channel>();

/**
 * The one channel to an address, shared by every client of this process; a larger message size (media's uploads) gets a
 * channel of its own, so the other clients keep the platform's limit.
 */
export function channelFor(address: string, maxMessageBytes = MAX_MESSAGE_BYTES): Channel {
  const name = maxMessageBytes === MAX_MESSAGE_BYTES ? address : `${address}|${maxMessageBytes}`;
  let channel = channels.get(name);
  if (!channel) {
    fixAsyncResourceBind();
    const options = namesSeveralServers(address) ? BALANCED_OPTIONS : CHANNEL_OPTIONS;
    const sized =
      maxMessageBytes === MAX_MESSAGE_BYTES
        ? options
        : { ...options, 'grpc.max_receive_message_length': maxMessageBytes, 'grpc.max_send_message_length': maxMessageBytes };
    channel = new Channel(address, credentials.createInsecure(), sized);
    channels.set(name, channel);
  }
  return channel;
}

/** For graceful shutdown: every client created so far stops working. */
export function closeAllChannels(): void {
  for (const channel of channels.values()) channel.close();
  channels.clear();
}
