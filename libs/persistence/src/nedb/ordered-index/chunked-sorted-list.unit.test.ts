import { ChunkedSortedList } from './chunked-sorted-list';
import { seededRandom } from './random-documents.fixture';

const byNumber = (a: number, b: number) => a - b;

/** Everything the list holds, read through its public walk. */
function contents(list: ChunkedSortedList<number>, direction: 1 | -1 = 1): number[] {
  const seen: number[] = [];
  list.forEachInRange(0, list.size, direction, (entry) => seen.push(entry) > 0);
  return seen;
}

describe('ChunkedSortedList', () => {
  it('keeps entries sorted and ranks them like a sorted array, through random inserts and deletes', () => {
    const random = seededRandom(42);
    const list = new ChunkedSortedList(byNumber, 4);
    const reference: number[] = [];

    for (let step = 0; step < 3_000; step += 1) {
      const value = Math.floor(random() * 500);
      const present = reference.includes(value);
      // Mostly inserts early on, mostly deletes later, so chunks both split and merge.
      if (!present && random() < (step < 1_500 ? 0.8 : 0.3)) {
        list.insert(value);
        reference.push(value);
        reference.sort(byNumber);
      } else {
        expect(list.delete(value)).toBe(present);
        if (present) reference.splice(reference.indexOf(value), 1);
      }
      if (step % 100 === 0) {
        const boundary = Math.floor(random() * 520) - 10;
        expect(list.rank((entry) => entry < boundary)).toBe(reference.filter((entry) => entry < boundary).length);
      }
    }

    expect(list.size).toBe(reference.length);
    expect(contents(list)).toEqual(reference);
    expect(contents(list, -1)).toEqual([...reference].reverse());
  });

  it('walks any rank range in either direction and stops when the visitor says so', () => {
    const list = new ChunkedSortedList(byNumber, 3);
    list.reset([9, 3, 7, 1, 5, 11, 13, 15, 17, 19]);
    const walk = (from: number, to: number, direction: 1 | -1, max = Infinity) => {
      const seen: number[] = [];
      list.forEachInRange(from, to, direction, (entry) => seen.push(entry) < max);
      return seen;
    };

    expect(walk(2, 7, 1)).toEqual([5, 7, 9, 11, 13]);
    expect(walk(2, 7, -1)).toEqual([13, 11, 9, 7, 5]);
    expect(walk(0, 10, -1, 3)).toEqual([19, 17, 15]);
    expect(walk(8, 50, 1)).toEqual([17, 19]);
    expect(walk(-5, 2, -1)).toEqual([3, 1]);
    expect(walk(6, 6, 1)).toEqual([]);
    expect(walk(7, 3, 1)).toEqual([]);
  });

  it('ranks boundaries before, between and after all entries, and answers an empty list', () => {
    const list = new ChunkedSortedList(byNumber, 2);

    expect(list.rank((entry) => entry < 5)).toBe(0);
    expect(list.delete(5)).toBe(false);
    expect(contents(list)).toEqual([]);

    for (const value of [10, 20, 30, 40, 50]) list.insert(value);

    expect(list.rank(() => false)).toBe(0);
    expect(list.rank((entry) => entry < 25)).toBe(2);
    expect(list.rank((entry) => entry <= 30)).toBe(3);
    expect(list.rank(() => true)).toBe(5);
  });

  it('reset replaces the content, given in any order', () => {
    const list = new ChunkedSortedList(byNumber, 4);
    list.insert(100);

    list.reset([5, 1, 4, 2, 3, 9, 8, 7, 6]);

    expect(contents(list)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    list.insert(0);
    expect(list.delete(9)).toBe(true);
    expect(contents(list)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
