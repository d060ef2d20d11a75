import type { shipping } from '@commerce/contracts';
import { notFound, validationFailed, type FieldViolations } from '@commerce/grpc-runtime';
import { checkClassRates, checkCountries, checkName, hasViolations, type ClassRateInput } from '../domain/shipping-input';
import { changeClass, findClass, upsertClassRates, type StoreShipping } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/**
 * Absent fields stay as they are. `countries` present replaces the whole list (empty clears it); `rates` sets
 * the rate of each group it names and keeps the class's other rates (empty changes no rate).
 */
export interface ShippingClassChanges {
  name?: string;
  countries?: string[];
  rates?: ClassRateInput[];
}

/** Changes a class; each group whose rate with it changed is announced too. */
export async function updateShippingClass(
  deps: ShippingDeps,
  storeId: number,
  classId: number,
  input: ShippingClassChanges,
): Promise<shipping.ShippingClass> {
  const { after } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findClass(current, classId)) throw notFound('Shipping class');
    const violations: FieldViolations = {};
    const name = checkName(violations, input.name, false);
    const countries = input.countries && checkCountries(violations, input.countries);
    if (input.rates) checkClassRates(violations, input.rates, current);
    if (hasViolations(violations)) throw validationFailed(violations);

    let next: StoreShipping = changeClass(current, classId, { ...(name !== undefined && { name }), ...(countries && { countries }) });
    if (input.rates)
      next = upsertClassRates(
        next,
        classId,
        input.rates.map(({ shipping_group_id, ...amounts }) => ({ group_id: shipping_group_id, ...amounts })),
      );
    return { next, primary: { type: 'shipping_class', id: classId } };
  });
  return toClassMessage(after, findClass(after, classId)!);
}
