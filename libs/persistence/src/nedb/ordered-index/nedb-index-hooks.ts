import type { StoredDoc } from './ordered-index';

/** Told about every change to NeDB's in-memory documents, right after NeDB applied it to its own indexes. */
export interface DocumentChangeListener {
  added(doc: StoredDoc): void;
  removed(doc: StoredDoc): void;
  /** The whole content was replaced (datafile loaded). */
  reset(docs: StoredDoc[]): void;
}

interface UpdatePair {
  oldDoc: StoredDoc;
  newDoc: StoredDoc;
}

/** The Datastore methods (@seald-io/nedb 4.x) through which every insert, update, remove and load reaches its indexes. */
interface NedbIndexMaintenance {
  _addToIndexes(doc: StoredDoc): void;
  _removeFromIndexes(doc: StoredDoc): void;
  _updateIndexes(oldDoc: StoredDoc | UpdatePair[], newDoc?: StoredDoc): void;
  _resetIndexes(newData?: StoredDoc | StoredDoc[]): void;
  getAllData(): StoredDoc[];
}

const MAINTENANCE_METHODS = ['_addToIndexes', '_removeFromIndexes', '_updateIndexes', '_resetIndexes'] as const;

/**
 * Wraps the store's index maintenance so `listener` changes in the same synchronous step as NeDB's
 * own indexes: a read never sees one updated without the other, and a change NeDB rolls back (a
 * unique violation throws before the listener is called) never reaches the listener. These are
 * NeDB internals, so a version without them fails here, loudly, instead of answering stale lists.
 */
export function followDocumentChanges(store: object, listener: DocumentChangeListener): void {
  const nedb = store as NedbIndexMaintenance;
  for (const method of MAINTENANCE_METHODS) {
    if (typeof nedb[method] !== 'function') throw new Error(`@seald-io/nedb has no Datastore.${method}: the ordered indexes cannot follow its changes`);
  }
  const add = nedb._addToIndexes.bind(nedb);
  const remove = nedb._removeFromIndexes.bind(nedb);
  const update = nedb._updateIndexes.bind(nedb);
  const reset = nedb._resetIndexes.bind(nedb);

  nedb._addToIndexes = (doc) => {
    add(doc);
    listener.added(doc);
  };
  nedb._removeFromIndexes = (doc) => {
    remove(doc);
    listener.removed(doc);
  };
  nedb._updateIndexes = (oldDoc, newDoc) => {
    update(oldDoc, newDoc);
    const pairs = Array.isArray(oldDoc) ? oldDoc : [{ oldDoc, newDoc: newDoc as StoredDoc }];
    for (const pair of pairs) listener.removed(pair.oldDoc);
    for (const pair of pairs) listener.added(pair.newDoc);
  };
  nedb._resetIndexes = (newData) => {
    reset(newData);
    listener.reset(nedb.getAllData());
  };
}
