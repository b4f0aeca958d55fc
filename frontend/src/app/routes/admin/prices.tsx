import { PricesPage } from '../../../features/prices/components/prices-page';

export default PricesPage;
