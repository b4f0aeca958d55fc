import { useParams } from 'react-router';
import { OrderMissing, OrderPage } from '../../features/orders/components/order-page';
import { RequireSession } from '../../shared/auth/require-session';

/** /orders/{id}: the buyer's order (the payment provider's return address). */
export default function OrderRoute() {
  const id = Number(useParams().id);
  return (
    <RequireSession>
      {Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? <OrderPage key={id} id={id} /> : <OrderMissing />}
    </RequireSession>
  );
}
