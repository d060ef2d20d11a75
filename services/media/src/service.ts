import { catalog, media } from '@commerce/contracts';
import { createClient, implement, MEDIA_MESSAGE_BYTES } from '@commerce/grpc-runtime';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import { collectUnusedBytes, releaseOrphans } from './app/collect-unused';
import { resumeImports } from './app/import-image';
import type { MediaDeps } from './app/media-deps';
import type { MediaConfig } from './config';
import { FairLanes } from './domain/fair-lanes';
import { mediaHandlers } from './grpc/media.handlers';
import { CatalogClient } from './infra/catalog.client';
import { ImageRepository } from './infra/image.repository';
import { ImageStore } from './infra/image-store';
import { sharpImaging } from './infra/sharp-imaging';
import { ensureMediaIndexes } from './infra/indexes';
import { ObjectClaimRepository } from './infra/object-claim.repository';
import { HttpUrlFetcher } from './infra/url-fetcher';
import { UsageRepository } from './infra/usage.repository';

/** A 25 MB upload and an original rendition as large travel in one message: past the platform's 8 MB. */
export { MEDIA_MESSAGE_BYTES };
/** Image jobs at once (decoding, resizing, fetching), whatever the number of stores asking (docs/media.md#image-work). */
const IMAGE_JOBS_AT_ONCE = 2;

/** The running service, and its sweep, which tests run when they need it rather than waiting for its interval. */
export interface RunningMedia extends RunningService {
  sweep(): Promise<void>;
}

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export async function startMediaService(config: MediaConfig): Promise<RunningMedia> {
  let runSweep: () => Promise<void> = () => Promise.resolve();
  const running = await ServiceHost.start(config, async (host) => {
    await ensureMediaIndexes(host.db);
    const deps: MediaDeps = {
      images: new ImageRepository(host.outboxCollection(ImageRepository.collection)),
      usage: new UsageRepository(host.db.collection(UsageRepository.collection)),
      claims: new ObjectClaimRepository(host.db.collection(ObjectClaimRepository.collection)),
      bytes: await ImageStore.open(host.nc, { replicas: config.MEDIA_OBJECT_REPLICAS }),
      imaging: sharpImaging,
      lanes: new FairLanes(IMAGE_JOBS_AT_ONCE),
      fetcher: new HttpUrlFetcher({ timeoutMs: config.MEDIA_FETCH_TIMEOUT_MS, allowPrivateNetworks: config.MEDIA_ALLOW_PRIVATE_NETWORKS }),
      catalog: new CatalogClient(
        createClient(catalog.CatalogServiceClient, config.CATALOG_GRPC_ADDR, { deadlineMs: config.MEDIA_BACKEND_DEADLINE_MS }),
      ),
      nextId: (counter) => host.db.nextId(counter),
      clock: () => new Date(),
      logger: host.logger,
      quotaBytes: config.MEDIA_QUOTA_BYTES,
      collectGraceMs: config.MEDIA_COLLECT_GRACE_MS,
      orphanAgeMs: config.MEDIA_ORPHAN_AGE_MS,
      rendering: new Map(),
    };
    const onError = (task: string) => (error: unknown) => host.logger.warn({ err: error, task }, 'a media sweep failed; it runs again');
    runSweep = async () => {
      await releaseOrphans(deps);
      await collectUnusedBytes(deps);
    };
    const sweep = periodic('media sweep', config.MEDIA_SWEEP_INTERVAL_MS, runSweep, onError('sweep'));
    return {
      services: [implement(media.MediaServiceService, mediaHandlers(deps))],
      protoFiles: ['commerce/media/v1/media.proto'],
      migrations: [],
      background: [{ name: 'resume imports', start: () => resumeImports(deps), stop: async () => undefined }, sweep],
      maxMessageBytes: MEDIA_MESSAGE_BYTES,
    };
  });
  return { ...running, sweep: () => runSweep() };
}
