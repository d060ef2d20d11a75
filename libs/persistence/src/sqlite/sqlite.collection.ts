import type {
  Collection,
  Doc,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  SumGroup,
  SumOptions,
  Update,
  UpdateResult,
} from '../collection.port';
import { matchesFilter } from '../query/document-match';
import { sumDocuments } from '../query/document-sums';
import { isInRange } from '../query/range-search';
import { applyUpdate, upsertDocument } from '../query/document-update';
import { compareBySort, pageOf, paramKey, pickFields } from './collection-helpers';
import { decodeDocument } from './document-codec';
import { fieldSetOf, type FieldSet } from './field-set';
import { columnOf, decodeRow, encodeRow, SIDE_FIELDS, type EncodedRow } from './side-fields';
import { filterToSql, sortToSql, type SqlFilter } from './sql-query';
import { groupValueOf, sumsToSql, type SqlSums } from './sql-sums';
import { isSqlSafeSegment, jsonPathOf } from './sql-key';
import type { SqliteFile } from './sqlite-file';
import { SqliteIndexes } from './sqlite-indexes';

/** A stored row: its primary key, its document as JSON text and its side fields' (see side-fields.ts), if any. */
type Row = [pk: number, json: string, side: string | null];

const ROW_COLUMNS = 'pk, json(doc), json(side)';

/**
 * One collection as one table `(pk, doc JSONB, side JSONB)`, `side` holding the few fields kept beside the document
 * (side-fields.ts). SQL decides what it can decide exactly (sql-query.ts);
 * the rest is checked in JavaScript with MongoDB's semantics. Every method does its SQL synchronously in
 * one step of the current write group (see SqliteFile): one statement, or a savepoint around several, so
 * each is atomic with respect to every other call of this process.
 */
export class SqliteCollection<T extends Doc> implements Collection<T> {
  private readonly table: string;
  private readonly arrayPaths: Set<string>;
  private readonly indexes: SqliteIndexes;
  private readonly counts = new Map<string, { generation: number; count: number }>();

  constructor(
    private readonly file: SqliteFile,
    readonly name: string,
  ) {
    this.table = `"c_${name}"`;
    file.run(`CREATE TABLE IF NOT EXISTS ${this.table} (pk INTEGER PRIMARY KEY, doc BLOB NOT NULL, side BLOB)`);
    this.arrayPaths = new Set(file.all<[string]>('SELECT path FROM _array_paths WHERE collection = ?', [name]).map(([path]) => path));
    this.indexes = new SqliteIndexes(file, name, this.table);
    if (!file.all<[number, string]>(`PRAGMA table_info(${this.table})`).some(([, column]) => column === 'side')) this.addSideColumn();
  }

  insertOne(doc: T): Promise<T> {
    const encoded = encodeRow(doc);
    return this.file.write(() => {
      this.insert(encoded, doc);
      // As MongoDB's adapter answers: the caller's fields in a new object (the stored copy is the encoded one).
      return { ...doc };
    });
  }

  insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return Promise.resolve();
    const encoded = docs.map((doc) => encodeRow(doc));
    let failure: unknown;
    // Ordered, as MongoDB's: what precedes a duplicate is kept (its savepoint is released), the rest is not written.
    const stored = this.file.write(() =>
      this.file.transaction(() => {
        for (const [i, one] of encoded.entries()) {
          try {
            this.insert(one, docs[i]);
          } catch (err) {
            failure = err;
            return;
          }
        }
      }),
    );
    return stored.then(() => {
      if (failure) throw failure;
    });
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.file.read(() => {
      const [row] = this.rows(filter, { limit: 1 });
      return row ? decodeRow<T>(row[1], row[2]) : null;
    });
  }

  find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.file.read(() => this.rows(filter, options).map(([, json, side]) => decodeRow<T>(json, side)));
  }

  findFields<K extends keyof T & string>(filter: Filter, fields: readonly K[], options: FindOptions = {}): Promise<Array<Pick<T, K>>> {
    return this.file.read(() => {
      const plan = this.plan(filter, options);
      if (plan.exactClause === undefined)
        return this.rows(filter, options).map(([, json, side]) => pickFields(decodeRow<T>(json, side), fields));
      // Each field as its own JSON text: only what was asked for is read out of JSONB and parsed.
      const columns = fields.map((field) => `${columnOf(field)}->'$."${field}"'`).join(', ');
      return this.file
        .all<Array<string | null>>(`SELECT ${columns} FROM ${this.table} WHERE ${plan.exactClause}`, plan.where.params)
        .map((values) => {
          const picked: Partial<Pick<T, K>> = {};
          fields.forEach((field, i) => {
            if (values[i] !== null) picked[field] = decodeDocument(values[i]!);
          });
          return picked as Pick<T, K>;
        });
    });
  }

  /**
   * SQLite counts by walking the index range (a 100,000-product store: milliseconds per listing page), so
   * an exact count is kept until the database is next written: reads of an unchanged store cost nothing.
   */
  count(filter: Filter): Promise<number> {
    return this.file.read(() => {
      const where = filterToSql(filter, this.arrayPaths);
      if (!where.exact) return this.rows(filter, {}).length;
      const key = `${where.where}\u0000${where.params.map(paramKey).join('\u0001')}`;
      const cached = this.counts.get(key);
      if (cached && cached.generation === this.file.generation) return cached.count;
      const count = this.file.get<[number]>(`SELECT count(*) FROM ${this.table} WHERE ${where.where}`, where.params)![0];
      if (this.counts.size >= COUNTS_KEPT) this.counts.clear();
      this.counts.set(key, { generation: this.file.generation, count });
      return count;
    });
  }

  /**
   * One statement when SQL decides the filter (sql-sums.ts); else, or when a group value is an object or an array, the
   * matching documents summed in JavaScript.
   */
  sumGroups(filter: Filter, options: SumOptions): Promise<SumGroup[]> {
    return this.file.read(() => {
      const query = sumsToSql(this.table, filter, options, this.arrayPaths);
      const groups = query && this.sqlSums(query, options);
      return (
        groups ??
        sumDocuments(
          this.rows(filter, {}).map(([, json, side]) => decodeRow<Doc>(json, side)),
          options,
        )
      );
    });
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.file.write(() => {
      const fieldSet = options.upsert ? undefined : fieldSetOf(update);
      const where = fieldSet && filterToSql(filter, this.arrayPaths);
      if (fieldSet && where?.exact) return this.setFields(where, fieldSet, update);
      const [row] = this.rows(filter, { limit: 1 });
      if (row) return { matched: 1, modified: this.rewrite(row, update).modified ? 1 : 0 };
      if (options.upsert) this.upsert(filter, update);
      return { matched: 0, modified: 0 };
    });
  }

  /** All or nothing: a duplicate key part-way takes back the whole update (it is one savepoint). */
  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.file.write(() =>
      this.file.transaction(() => {
        const rows = this.rows(filter, {});
        let modified = 0;
        for (const row of rows) if (this.rewrite(row, update).modified) modified += 1;
        return { matched: rows.length, modified };
      }),
    );
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    return this.file.write(() => {
      const [row] = this.rows(filter, { limit: 1 });
      if (!row) {
        if (!options.upsert) return null;
        const inserted = this.upsert(filter, update);
        return options.returnDocument === 'before' ? null : (inserted as T);
      }
      const { before, after } = this.rewrite(row, update);
      return (options.returnDocument === 'before' ? before : after) as T;
    });
  }

  /**
   * `$inc` by 1 of a numeric top-level field of the first document the filter selects, in one statement, without the
   * document passing through JavaScript; answers the new value. Null when no document matches with a number there, or
   * when SQL cannot take the filter or the field: the caller then takes the general path (`findOneAndUpdate`), which
   * upserts, or refuses a field that is not a number as MongoDB does.
   */
  incrementOne(filter: Filter, field: string): Promise<number | null> {
    return this.file.write(() => {
      const where = filterToSql(filter, this.arrayPaths);
      if (!where.exact || !isSqlSafeSegment(field) || columnOf(field) !== 'doc') return null;
      const path = `'${jsonPathOf([field])}'`;
      const numeric = `json_type(doc, ${path}) IN ('integer', 'real')`;
      const row = this.file.get<[number]>(
        `UPDATE ${this.table} SET doc = jsonb_set(doc, ${path}, (doc->>${path}) + 1) ` +
          `WHERE pk = (SELECT pk FROM ${this.table} WHERE ${where.where} AND ${numeric} LIMIT 1) RETURNING doc->>${path}`,
        where.params,
      );
      return row ? row[0] : null;
    });
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.file.write(() => {
      const [row] = this.rows(filter, { limit: 1 });
      return row ? this.file.run(`DELETE FROM ${this.table} WHERE pk = ?`, [row[0]]) : 0;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.file.write(() => {
      const where = filterToSql(filter, this.arrayPaths);
      if (where.exact) return this.file.run(`DELETE FROM ${this.table} WHERE ${where.where}`, where.params);
      return this.file.transaction(() => {
        let deleted = 0;
        for (const [pk] of this.rows(filter, {})) deleted += this.file.run(`DELETE FROM ${this.table} WHERE pk = ?`, [pk]);
        return deleted;
      });
    });
  }

  createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    return this.indexes.create(keys, options);
  }

  dropIndex(name: string): Promise<void> {
    return this.indexes.drop(name);
  }

  /**
   * A table written before the side column existed (side-fields.ts): adds it, moves the side fields of every row into it,
   * and builds again the indexes on those fields (their expressions read the column). One transaction, at open.
   */
  private addSideColumn(): void {
    this.file.transaction(() => {
      this.file.run(`ALTER TABLE ${this.table} ADD COLUMN side BLOB`);
      for (const field of SIDE_FIELDS) {
        const path = `'$."${field}"'`;
        this.file.run(
          `UPDATE ${this.table} SET side = jsonb_set(coalesce(side, jsonb('{}')), ${path}, doc->${path}), ` +
            `doc = jsonb_remove(doc, ${path}) WHERE json_type(doc, ${path}) IS NOT NULL`,
        );
      }
      this.indexes.rebuild((field) => columnOf(field) === 'side');
    });
  }

  /**
   * How SQLite runs a find (or a count): its EXPLAIN QUERY PLAN lines, and whether JavaScript still has to
   * check, sort or page the candidates. For tests and diagnosis; not part of the port.
   */
  explain(filter: Filter, options: FindOptions & { count?: boolean; sums?: SumOptions } = {}): { plan: string[]; exact: boolean } {
    if (options.sums) {
      const query = sumsToSql(this.table, filter, options.sums, this.arrayPaths);
      const sql = query?.sql ?? `SELECT ${ROW_COLUMNS} FROM ${this.table} WHERE ${filterToSql(filter, this.arrayPaths).where}`;
      const params = query?.params ?? filterToSql(filter, this.arrayPaths).params;
      return { plan: this.planLines(sql, params), exact: query !== undefined };
    }
    const { where, orderBy, exactClause } = this.plan(filter, options.count ? {} : options);
    const sql = options.count
      ? `SELECT count(*) FROM ${this.table} WHERE ${where.where}`
      : `SELECT ${ROW_COLUMNS} FROM ${this.table} WHERE ${exactClause ?? `${where.where}${orderBy ?? ''}`}`;
    return { plan: this.planLines(sql, where.params), exact: exactClause !== undefined };
  }

  /** The groups of a sums statement's rows; undefined when a group value is one its key cannot tell (an object, an array). */
  private sqlSums(query: SqlSums, options: SumOptions): SumGroup[] | undefined {
    const boundaries = options.ranges?.boundaries.length ?? 0;
    const groups: SumGroup[] = [];
    for (const row of this.file.all<unknown[]>(query.sql, query.params)) {
      const range = query.ranged ? (row[query.groups] as number) : undefined;
      if (range !== undefined && !isInRange(range, boundaries)) continue;
      const totals = row.slice(query.groups + (query.ranged ? 1 : 0));
      const count = totals[0] as number;
      if (count === 0) continue;
      const values = row.slice(0, query.groups).map(groupValueOf);
      if (values.includes(undefined)) return undefined;
      groups.push({
        key: Object.fromEntries((options.groupBy ?? []).map((field, i) => [field, values[i]])),
        ...(range === undefined ? {} : { range }),
        count,
        sums: Object.fromEntries(options.sum.map((field, i) => [field, (totals[i + 1] as number | null) ?? 0])),
      });
    }
    return groups;
  }

  private planLines(sql: string, params: unknown[]): string[] {
    return this.file
      .all<[number, number, number, string]>(`EXPLAIN QUERY PLAN ${sql} /* indexes ${this.indexes.revision} */`, params)
      .map((row) => row[3]);
  }

  /** Candidate rows in SQL, then the exact MongoDB answer: JavaScript checks, sorts and pages whatever SQL could not. */
  private rows(filter: Filter, options: FindOptions): Row[] {
    const plan = this.plan(filter, options);
    if (plan.exactClause !== undefined)
      return this.file.all<Row>(`SELECT ${ROW_COLUMNS} FROM ${this.table} WHERE ${plan.exactClause}`, plan.where.params);
    const { where, orderBy, limit, skip } = plan;
    const candidates = this.file.all<Row>(`SELECT ${ROW_COLUMNS} FROM ${this.table} WHERE ${where.where}${orderBy ?? ''}`, where.params);
    const docs = candidates.map((row) => ({ row, doc: decodeRow<Doc>(row[1], row[2]) }));
    const matching = where.exact ? docs : docs.filter(({ doc }) => matchesFilter(doc, filter));
    if (orderBy === undefined) matching.sort((a, b) => compareBySort(a.doc, b.doc, options.sort!));
    return matching.slice(skip, limit === -1 ? undefined : skip + limit).map(({ row }) => row);
  }

  /** How SQL takes a query; `exactClause` (WHERE, ORDER BY and page) when SQL answers it by itself, without JavaScript. */
  private plan(filter: Filter, options: FindOptions) {
    const where = filterToSql(filter, this.arrayPaths);
    const { orderBy } = sortToSql(options.sort, this.arrayPaths);
    const { limit, skip } = pageOf(options);
    // LIMIT and OFFSET as literals: bound as parameters they cost SQLite ~5x the whole indexed lookup.
    const page = limit === -1 && skip === 0 ? '' : ` LIMIT ${limit}${skip > 0 ? ` OFFSET ${skip}` : ''}`;
    const exactClause = where.exact && orderBy !== undefined ? `${where.where}${orderBy}${page}` : undefined;
    return { where, orderBy, limit, skip, exactClause };
  }

  private insert(encoded: EncodedRow, doc: Doc): void {
    this.rememberArrayPaths(encoded.arrayPaths);
    try {
      this.file.run(`INSERT INTO ${this.table} (doc, side) VALUES (jsonb(?), jsonb(?))`, [encoded.json, encoded.side]);
    } catch (err) {
      throw this.indexes.duplicateKeyError(err, doc) ?? err;
    }
  }

  private upsert(filter: Filter, update: Update): Doc {
    const doc = upsertDocument(filter, update);
    this.insert(encodeRow(doc), doc);
    return doc;
  }

  /** Applies the update to one stored row; writes only the columns that changed, if any. */
  private rewrite([pk, json, side]: Row, update: Update): { before: Doc; after: Doc; modified: boolean } {
    const before = decodeRow<Doc>(json, side);
    const after = applyUpdate(before, update);
    const encoded = encodeRow(after);
    // SQLite gives back the very text JSONB was made from (numbers and strings keep their text), so text equality is document equality.
    const changed = (
      [
        ['doc', encoded.json, json],
        ['side', encoded.side, side],
      ] as const
    ).filter(([, text, stored]) => text !== stored);
    if (changed.length > 0) {
      this.rememberArrayPaths(encoded.arrayPaths);
      const sets = changed.map(([column]) => `${column} = jsonb(?)`).join(', ');
      try {
        this.file.run(`UPDATE ${this.table} SET ${sets} WHERE pk = ?`, [...changed.map(([, text]) => text), pk]);
      } catch (err) {
        throw this.indexes.duplicateKeyError(err, after) ?? err;
      }
    }
    return { before, after, modified: changed.length > 0 };
  }

  /**
   * The first row the (exact) filter selects gets the fields in SQL, without its document passing through JavaScript;
   * unchanged when every field already holds its new value (compared as stored JSON text, as `rewrite` does).
   */
  private setFields(where: SqlFilter, { paths, columns, texts, arrayPaths }: FieldSet, update: Update): UpdateResult {
    const current = paths.map((path, i) => `${columns[i]}->'${path}'`).join(', ');
    const row = this.file.get<[number, ...Array<string | null>]>(
      `SELECT pk, ${current} FROM ${this.table} WHERE ${where.where} LIMIT 1`,
      where.params,
    );
    if (!row) return { matched: 0, modified: 0 };
    const [pk, ...before] = row;
    if (before.every((text, i) => text === texts[i])) return { matched: 1, modified: 0 };
    this.rememberArrayPaths(arrayPaths);
    // Each column that holds one of the fields gets its own jsonb_set; a column none of them is in stays as it is.
    const sets: string[] = [];
    const params: string[] = [];
    for (const column of ['doc', 'side'] as const) {
      const mine = paths.flatMap((path, i) => (columns[i] === column ? [i] : []));
      if (mine.length === 0) continue;
      const target = column === 'doc' ? 'doc' : `coalesce(side, jsonb('{}'))`;
      sets.push(`${column} = jsonb_set(${target}, ${mine.map((i) => `'${paths[i]}', jsonb(?)`).join(', ')})`);
      params.push(...mine.map((i) => texts[i]));
    }
    try {
      this.file.run(`UPDATE ${this.table} SET ${sets.join(', ')} WHERE pk = ?`, [...params, pk]);
    } catch (err) {
      // Only for the error's key value: the document as it would have been.
      const [json, side] = this.file.get<[string, string | null]>(`SELECT json(doc), json(side) FROM ${this.table} WHERE pk = ?`, [pk])!;
      throw this.indexes.duplicateKeyError(err, applyUpdate(decodeRow<Doc>(json, side), update)) ?? err;
    }
    return { matched: 1, modified: 1 };
  }

  /** Paths that ever held an array are kept for good: a conservative answer is always a right one. */
  private rememberArrayPaths(paths: Set<string>): void {
    for (const path of paths) {
      if (this.arrayPaths.has(path)) continue;
      this.file.run('INSERT OR IGNORE INTO _array_paths (collection, path) VALUES (?, ?)', [this.name, path]);
      this.arrayPaths.add(path);
    }
  }
}

const COUNTS_KEPT = 1_000;
