import { CheckInScreen } from '../../../features/tickets/components/check-in-screen';

export default CheckInScreen;
