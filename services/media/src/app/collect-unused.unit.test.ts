import type { MediaDeps } from './media-deps';
import { releaseOrphans } from './collect-unused';
import type { ImageRecord } from '../domain/image';

// Orphan references (docs/media.md#collecting-unused-bytes): catalog is asked, and only its answer releases anything.
const NOW = new Date('2026-03-01T12:00:00Z');

const image = (storeId: number, id: number): ImageRecord => ({
  store_id: storeId,
  id,
  key: `${storeId}-${id}`.padEnd(64, '0'),
  status: 'ready',
  width: 10,
  height: 10,
  byte_size: 100,
  format: 'jpeg',
  source_url: '',
  error: '',
  created_at: new Date(NOW.getTime() - 2 * 3_600_000),
});

function world(candidates: ImageRecord[], catalog: MediaDeps['catalog']) {
  const live = new Map(candidates.map((record) => [`${record.store_id}/${record.id}`, record]));
  const given = new Map<number, number>();
  const checked: string[] = [];
  const deps = {
    images: {
      orphanCandidates: () => Promise.resolve([...live.values()]),
      markChecked: (storeId: number, ids: readonly number[]) => Promise.resolve(void checked.push(...ids.map((id) => `${storeId}/${id}`))),
      delete: (storeId: number, id: number) => {
        const found = live.get(`${storeId}/${id}`) ?? null;
        live.delete(`${storeId}/${id}`);
        return Promise.resolve(found);
      },
    },
    usage: { giveBack: (storeId: number, bytes: number) => Promise.resolve(void given.set(storeId, (given.get(storeId) ?? 0) + bytes)) },
    claims: { released: () => Promise.resolve() },
    catalog,
    clock: () => NOW,
    orphanAgeMs: 3_600_000,
    logger: { warn: () => undefined },
  } as unknown as Parameters<typeof releaseOrphans>[0];
  return { deps, live, given, checked };
}

it('releases the images catalog says no photo shows, and marks the others checked', async () => {
  const { deps, live, given, checked } = world([image(1, 1), image(1, 2), image(2, 3)], {
    imagesInUse: (storeId, ids) => Promise.resolve(storeId === 1 ? ids.filter((id) => id === 2) : []),
  });
  expect(await releaseOrphans(deps)).toBe(2);
  expect([...live.keys()]).toEqual(['1/2']);
  expect(checked).toEqual(['1/2']);
  expect(Object.fromEntries(given)).toEqual({ 1: 100, 2: 100 });
});

it('releases nothing of a store when catalog cannot answer (UNIMPLEMENTED, down): it asks later', async () => {
  const { deps, live, given } = world([image(1, 1), image(2, 2)], {
    imagesInUse: (storeId) =>
      storeId === 1 ? Promise.reject(Object.assign(new Error('unimplemented'), { code: 12 })) : Promise.resolve([]),
  });
  expect(await releaseOrphans(deps)).toBe(1);
  expect([...live.keys()]).toEqual(['1/1']);
  expect(given.get(1)).toBeUndefined();
});
