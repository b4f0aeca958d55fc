import { OrdersTable } from '../../../features/orders/components/staff/orders-table';

export default OrdersTable;
