import { TillPage } from '../../../features/till/components/till-page';

export default TillPage;
