import type { CheckoutStep } from '../app/orders-deps';

/**
 * ORDERS_FAILPOINT: the checkout step after which this process kills itself with SIGKILL, for the stack
 * tests that prove the recovery sweep (a crash exactly there, with nothing flushed or cleaned up). Unset in
 * every real deployment: then this does nothing.
 */
export function failpointFor(configured: CheckoutStep | undefined): (step: CheckoutStep) => void {
  if (!configured) return () => undefined;
  return (step) => {
    if (step === configured) process.kill(process.pid, 'SIGKILL');
  };
}
