import type { Filter } from '../collection.port';
import { compareValues, isPlainObject, typeRank, valuesAt, valuesEqual } from './document-values';
import { containsText } from './text-contains';

/** Whether a document matches a port filter (portable-query.guard has already refused what the port leaves out). */
export function matchesFilter(doc: unknown, filter: Filter): boolean {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or') {
      if (!(condition as Filter[]).some((branch) => matchesFilter(doc, branch))) return false;
    } else if (key === '$and') {
      if (!(condition as Filter[]).every((branch) => matchesFilter(doc, branch))) return false;
    } else if (!matchesCondition(valuesAt(doc, key.split('.')), condition)) return false;
  }
  return true;
}

export function isOperatorObject(condition: unknown): condition is Record<string, unknown> {
  return isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'));
}

/** `found` is every value the condition's path reached (none: the field is missing). */
export function matchesCondition(found: unknown[], condition: unknown): boolean {
  if (!isOperatorObject(condition)) return found.some((value) => equalsOrContains(value, condition));
  return Object.entries(condition).every(([operator, operand]) => matchesOperator(found, operator, operand));
}

function matchesOperator(found: unknown[], operator: string, operand: unknown): boolean {
  switch (operator) {
    case '$exists':
      return found.length > 0 === operand;
    case '$in':
      return (operand as unknown[]).some((wanted) => found.some((value) => equalsOrContains(value, wanted)));
    case '$nin':
      return !(operand as unknown[]).some((wanted) => found.some((value) => equalsOrContains(value, wanted)));
    case '$ne':
      return !found.some((value) => equalsOrContains(value, operand));
    case '$contains':
      return found.some((value) =>
        elementsOf(value).some((element) => typeof element === 'string' && containsText(element, operand as string)),
      );
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return found.some((value) => elementsOf(value).some((element) => inRange(element, operator, operand)));
    default:
      throw new TypeError(`Unsupported filter operator ${operator}`);
  }
}

/** A value equals the operand, or is an array with an element equal to it (MongoDB's array matching). */
function equalsOrContains(value: unknown, operand: unknown): boolean {
  if (valuesEqual(value, operand)) return true;
  return Array.isArray(value) && value.some((element) => valuesEqual(element, operand));
}

function elementsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? [value, ...value] : [value];
}

/** Ranges compare within one type only, as MongoDB's do: `{ $gt: 5 }` never matches a string. */
function inRange(value: unknown, operator: string, operand: unknown): boolean {
  if (typeRank(value) !== typeRank(operand) || typeRank(value) === 1) return false;
  const order = compareValues(value, operand);
  if (operator === '$gt') return order > 0;
  if (operator === '$gte') return order >= 0;
  if (operator === '$lt') return order < 0;
  return order <= 0;
}
