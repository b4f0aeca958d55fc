import { useParams } from 'react-router';
import { StaffOrderMissing, StaffOrderPage } from '../../../features/orders/components/staff/staff-order-page';

/** /admin/dashboard/orders/{id} */
export default function StaffOrderRoute() {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? (
    <StaffOrderPage key={id} id={id} />
  ) : (
    <StaffOrderMissing />
  );
}
