import { PromoCodesPage } from '../../../features/promo-codes/components/promo-codes-page';

export default PromoCodesPage;
