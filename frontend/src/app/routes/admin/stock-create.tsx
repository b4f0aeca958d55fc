import { StockCreateForm } from '../../../features/stocks/components/stock-create-form';

export default StockCreateForm;
