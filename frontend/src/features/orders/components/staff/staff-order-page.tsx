/** /admin/dashboard/orders/{id}: the order's details, with loading, error and not-found states. */
import { paths } from '../../../../config/paths';
import { useDocumentTitle } from '../../../../shared/lib/page-meta';
import { Missing } from '../../../../shared/ui/missing';
import { QueryState } from '../../../../shared/ui/query-state';
import { useStaffOrder } from '../../api/staff-orders';
import { OrderDetails } from './order-details';

const missing = <Missing title="Заказ не найден" back={{ to: paths.adminOrders, label: 'Все заказы' }} />;

export function StaffOrderPage({ id }: { id: number }) {
  const order = useStaffOrder(id);
  useDocumentTitle(`Заказ №${id}`);
  return (
    <QueryState query={order} loading="Загрузка заказа..." error="Не удалось загрузить заказ" notFound={missing}>
      {(data) => <OrderDetails order={data} />}
    </QueryState>
  );
}

export const StaffOrderMissing = () => missing;
