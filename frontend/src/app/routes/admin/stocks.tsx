import { AdminStocks } from '../../../features/stocks/components/admin-stocks';

export default AdminStocks;
