import type { shipping } from '@commerce/contracts';
import { ruleBroken, validationFailed, type FieldViolations } from '@commerce/grpc-runtime';
import {
  checkClassRates,
  checkCountries,
  checkName,
  hasViolations,
  MAX_CLASSES_PER_STORE,
  type ClassRateInput,
} from '../domain/shipping-input';
import { addClass, findClass } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

export interface NewShippingClassInput {
  name: string;
  countries: string[];
  rates: ClassRateInput[];
}

/** Creates a class with its countries and rates; announces shipping_class/created and shipping_group/updated for each group it rates. */
export async function createShippingClass(
  deps: ShippingDeps,
  storeId: number,
  input: NewShippingClassInput,
): Promise<shipping.ShippingClass> {
  let id: number | undefined;
  const { after } = await changeStoreShipping(deps, storeId, async (current, now) => {
    const violations: FieldViolations = {};
    const name = checkName(violations, input.name, true) ?? '';
    const countries = checkCountries(violations, input.countries);
    checkClassRates(violations, input.rates, current);
    if (hasViolations(violations)) throw validationFailed(violations);
    if (current.classes.length >= MAX_CLASSES_PER_STORE) {
      throw ruleBroken('SHIPPING_LIMIT_REACHED', `A store has at most ${MAX_CLASSES_PER_STORE} shipping classes`, {
        limit: String(MAX_CLASSES_PER_STORE),
      });
    }
    // Taken once, after the input proved valid; a retry after a concurrent write keeps the same id.
    id ??= await deps.nextId('shipping_classes');
    const rates = input.rates.map(({ shipping_group_id, ...amounts }) => ({ group_id: shipping_group_id, ...amounts }));
    return { next: addClass(current, { id, name, countries }, rates, now), primary: { type: 'shipping_class', id } };
  });
  return toClassMessage(after, findClass(after, id!)!);
}
