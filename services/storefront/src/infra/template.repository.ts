import { DuplicateKeyError } from '@commerce/persistence';
import type { DomainEvent, OutboxCollection } from '@commerce/events';
import type { TemplateKind, TemplateRecord } from '../domain/template';

/**
 * A template document: the record, its version (the event sequence), events not yet relayed, and `slot`:
 * 0 for a store's default of a kind, the template's id for a custom one, so the unique index
 * `templates_store_kind_slot` lets a store hold one default of each kind however often they are ensured.
 * A deleted custom template stays, with `deleted_at`, only until its template/deleted is published (the event travels
 * in the document's outbox); then `purgeDeleted` removes it.
 */
export interface TemplateDocument extends TemplateRecord {
  [key: string]: unknown;
  version: number;
  slot: number;
  outbox: DomainEvent[];
  deleted_at?: Date;
}

/** Templates not deleted (documents written before deletes existed have no `deleted_at`). */
const LIVE = { deleted_at: { $exists: false } };

/** What a deleted template holds instead of its permalink, which is free at once: `~` is in no permalink, the id in no other. */
const deletedPermalinkOf = (id: number): string => `~deleted-${id}`;

/** What an insert answers: the stored document, or which unique key another template of the store holds. */
export type TemplateInsertion = { stored: TemplateDocument } | { taken: 'permalink' | 'kind' };

export type TemplateChanges = Partial<Pick<TemplateRecord, 'name' | 'permalink' | 'content'>>;

const collidedOn = (error: DuplicateKeyError, field: string): boolean =>
  field in (error.keyValue ?? {}) || (error.index ?? '').includes(field);

/** The slot of a template of this kind: defaults share slot 0 per kind, custom templates each have their own. */
export const slotOf = (kind: TemplateKind, id: number): number => (kind === 'custom' ? id : 0);

export class TemplateRepository {
  static readonly collection = 'templates';

  constructor(private readonly templates: OutboxCollection<TemplateDocument>) {}

  /** Every template of the store, oldest first. */
  async listOf(storeId: number): Promise<TemplateDocument[]> {
    return this.templates.find({ store_id: storeId, ...LIVE }, { sort: { id: 1 } });
  }

  /** The store's template with this id; null for an unknown id or another store's template. */
  async findOf(storeId: number, id: number): Promise<TemplateDocument | null> {
    return this.templates.findOne({ id, store_id: storeId, ...LIVE });
  }

  async findByPermalink(storeId: number, permalink: string): Promise<TemplateDocument | null> {
    return this.templates.findOne({ store_id: storeId, permalink, ...LIVE });
  }

  /** Inserts the template with its events (none for a store's defaults) in the same write. */
  async insert(record: TemplateRecord, events: DomainEvent[]): Promise<TemplateInsertion> {
    try {
      return { stored: await this.templates.insertWithEvents({ ...record, version: 1, slot: slotOf(record.kind, record.id) }, events) };
    } catch (error) {
      if (error instanceof DuplicateKeyError && collidedOn(error, 'permalink')) return { taken: 'permalink' };
      if (error instanceof DuplicateKeyError && (collidedOn(error, 'slot') || collidedOn(error, 'kind'))) return { taken: 'kind' };
      throw error;
    }
  }

  /**
   * Applies the changes only if nobody changed the template since it was read (optimistic concurrency), appending
   * the event in the same atomic write. Answers null when the version moved on; throws DuplicateKeyError when
   * another template of the store took the permalink meanwhile.
   */
  async updateIfVersion(
    storeId: number,
    id: number,
    expectedVersion: number,
    changes: TemplateChanges & { updated_at: Date },
    event: DomainEvent,
  ): Promise<TemplateDocument | null> {
    return this.templates.findOneAndUpdateWithEvents(
      { id, store_id: storeId, version: expectedVersion },
      { $set: changes, $inc: { version: 1 } },
      [event],
      { returnDocument: 'after' },
    );
  }

  /**
   * Deletes the template as `current` read it, with its deleted event, in one write: false when somebody wrote it since.
   * Its permalink is free at once.
   */
  async remove(current: TemplateDocument, deletedAt: Date, event: DomainEvent): Promise<boolean> {
    const result = await this.templates.updateWithEvents(
      { id: current.id, store_id: current.store_id, version: current.version, ...LIVE },
      { $set: { deleted_at: deletedAt, permalink: deletedPermalinkOf(current.id) }, $inc: { version: 1 } },
      [event],
    );
    return result.matched > 0;
  }

  /** Removes the deleted templates whose events are published (the relay emptied their outbox): how many. */
  purgeDeleted(): Promise<number> {
    return this.templates.deleteMany({ deleted_at: { $exists: true }, 'outbox.0': { $exists: false } });
  }
}
