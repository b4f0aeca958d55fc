import { TillDisplay } from '../../../features/till/components/till-display';

export default TillDisplay;
