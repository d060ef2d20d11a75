import type { notifications } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { NotificationsPort } from '../app/storefront-deps';
import type { OrderReceipt } from '../domain/order-receipt';

type NotificationsRpc = Pick<ServiceClient<notifications.NotificationsServiceClient>, 'getReceipt'>;

/** A notifications that is down, slow, or older than this order's store: the page renders without the receipt's news. */
const NO_RECEIPT_CODES: ReadonlySet<number> = new Set([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.NOT_FOUND]);

/**
 * Notifications' GetReceipt behind the confirmation page's port. The client's deadline is short (service.ts,
 * RECEIPT_DEADLINE_MS): a sentence about e-mail is not worth holding a buyer's page for.
 */
export class NotificationsClient implements NotificationsPort {
  constructor(private readonly notifications: NotificationsRpc) {}

  async receiptOf(storeId: number, orderId: number): Promise<OrderReceipt | null> {
    try {
      const { state, to } = await this.notifications.getReceipt({ store_id: storeId, order_id: orderId });
      return { state, to };
    } catch (error) {
      if (isRemoteError(error) && NO_RECEIPT_CODES.has(error.code)) return null;
      throw error;
    }
  }
}
