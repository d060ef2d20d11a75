import type { components } from '@commerce/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { problemOf, useClient } from '../api/client';
import { useNotify } from './notices';

type Product = components['schemas']['Product'];
type Photo = components['schemas']['Photo'];

/** What the API takes (docs/catalog.md#photos); it reads the format from the bytes and refuses the rest with a 422. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
const MAX_PHOTOS = 5;

/**
 * A product's photos in their order, the first the main one: drop image files (or choose them) to upload, drag a photo
 * onto another's place to reorder, or use its buttons from the keyboard (docs/dashboard.md#photos).
 */
export function PhotoManager({ product }: { product: Product }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const photos = product.photos.map(({ photo }) => photo);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const refresh = () => queries.invalidateQueries({ queryKey: ['product', product.id] });

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files)
        await client.POST('/v1/products/{id}/photos', {
          params: { path: { id: product.id } },
          body: file as never,
          bodySerializer: (body: unknown) => body as BodyInit,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        });
      return files.length;
    },
    onSuccess: (count) => notify(`Uploaded ${count} photo${count === 1 ? '' : 's'}.`),
    onError: (error) => notify(`The photo was not uploaded: ${problemOf(error)}`, 'refused'),
    onSettled: refresh,
  });
  const move = useMutation({
    mutationFn: async ({ photo, position }: { photo: Photo; position: number }) =>
      client.PUT('/v1/products/{id}/photos/{photo_id}', { params: { path: { id: product.id, photo_id: photo.id } }, body: { position } }),
    onSuccess: (_answer, { position }) => notify(`Photo moved to place ${position}.`),
    onError: (error) => notify(`The photo did not move: ${problemOf(error)}`, 'refused'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (photo: Photo) =>
      client.DELETE('/v1/products/{id}/photos/{photo_id}', { params: { path: { id: product.id, photo_id: photo.id } } }),
    onSuccess: () => notify('Photo deleted.'),
    onError: (error) => notify(`The photo was not deleted: ${problemOf(error)}`, 'refused'),
    onSettled: refresh,
  });

  const filesOf = (list: FileList | null) => [...(list ?? [])].filter((file) => file.type.startsWith('image/') || file.type === '');
  const take = (files: File[]) => {
    const room = MAX_PHOTOS - photos.length;
    if (files.length === 0) return;
    if (room <= 0) return notify(`A product holds at most ${MAX_PHOTOS} photos: delete one first.`, 'refused');
    upload.mutate(files.slice(0, room));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (dragged === undefined) take(filesOf(event.dataTransfer.files));
  };
  const busy = upload.isPending || move.isPending || remove.isPending;

  return (
    <div className="photos">
      <ol className="photo-list" aria-busy={busy}>
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            draggable={!busy}
            className={dragged === photo.id ? 'dragging' : undefined}
            onDragStart={(event) => {
              setDragged(photo.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragged(undefined)}
            onDragOver={(event) => dragged !== undefined && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              const moving = photos.find((candidate) => candidate.id === dragged);
              setDragged(undefined);
              if (moving && moving.id !== photo.id) move.mutate({ photo: moving, position: index + 1 });
            }}
          >
            <img src={photo['200sq']} alt={`Photo ${index + 1} of ${product.name}`} width={100} height={100} />
            <span className="photo-place">{index === 0 ? 'Main photo' : `Photo ${index + 1}`}</span>
            <span className="photo-buttons">
              <button
                type="button"
                disabled={busy || index === 0}
                onClick={() => move.mutate({ photo, position: index })}
                aria-label={`Move photo ${index + 1} earlier`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={busy || index === photos.length - 1}
                onClick={() => move.mutate({ photo, position: index + 2 })}
                aria-label={`Move photo ${index + 1} later`}
              >
                ↓
              </button>
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => confirm('Delete this photo?') && remove.mutate(photo)}
                aria-label={`Delete photo ${index + 1}`}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        onDragOver={(event) => {
          if (dragged !== undefined) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>{upload.isPending ? 'Uploading…' : `Drop images here (${photos.length} of ${MAX_PHOTOS})`}</p>
        <button type="button" disabled={busy || photos.length >= MAX_PHOTOS} onClick={() => input.current?.click()}>
          Choose images
        </button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label="Photos to upload"
          onChange={(event) => {
            take(filesOf(event.target.files));
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
