import { EaisDeliveries } from '../../../features/eais/components/eais-deliveries';

export default EaisDeliveries;
